import PlatformMath
import ProjectionKernels

/// A transformation between two coordinate reference systems that PROJ accepts.
///
/// CRSs are given as PROJ accepts them: `"EPSG:4326"`, `"EPSG:32633"`, a PROJ string
/// (`"+proj=utm +zone=33 +datum=WGS84"`) or WKT. Coordinates are always in lon/lat (degrees) and
/// easting/northing order, whatever the CRS's official axis order (PROJ's
/// `proj_normalize_for_visualization`).
///
/// A `Transformer` is a small value that can be shared between threads and tasks freely: each
/// thread builds its own PROJ objects from it on first use and caches them (<doc:Projections>).
///
/// Between the CRSs of the built-in table (`CRS`: lon/lat, Web Mercator, UTM on WGS 84 and GRS 80)
/// a SIMD kernel does the work instead of PROJ, agreeing with it to 1e-8 m (Web Mercator) and 1e-6 m
/// (UTM), and large batches are split across cores; `exact: true` (the CLI's `--exact`) forces PROJ.
/// Heights pass through a kernel unchanged, as they do through PROJ for these pairs.
///
/// Built without the `PROJ` package trait, a transformer takes only the kernels' CRSs (by code, or
/// as a `CRS` value), and any other throws `ProjectionError.Kind.needsPROJ` naming the CRS.
///
/// ```swift
/// let toWebMercator = try Transformer(from: "EPSG:4326", to: "EPSG:3857")
/// let (x, y, _) = try toWebMercator.transform(x: 151.2093, y: -33.8688)
/// ```
public struct Transformer: Hashable, Sendable {
  /// The source CRS, as given.
  public let source: String
  /// The target CRS, as given.
  public let target: String
  /// Whether the source CRS is geographic (lon/lat degrees).
  public let sourceIsGeographic: Bool
  /// Whether the target CRS is geographic (lon/lat degrees).
  public let targetIsGeographic: Bool
  /// The source's authority code when PROJ identifies one, e.g. `"EPSG:4326"`.
  public let sourceIdentifier: String?
  /// The target's authority code when PROJ identifies one, e.g. `"EPSG:32633"`.
  public let targetIdentifier: String?
  /// The SIMD kernel in use, nil when PROJ does the work.
  let kernel: FastKernel?
  /// Whether this direction is the kernel's inverse (projected → geographic).
  let kernelBackwards: Bool
  /// The most threads a large batch through a kernel runs on (default: every online core).
  public var threads = Processors.online {
    didSet { threads = max(threads, 1) }
  }

  /// Whether batches go through a SIMD kernel rather than PROJ.
  public var usesFastKernel: Bool { kernel != nil }

  /// The batch kernel that computes this transformer's points, and whether it runs backwards
  /// (projected → lon/lat); nil for PROJ and between two lon/lat CRSs. For running it on one
  /// thread in a chosen instruction set (`InstructionSet.run`), as the benchmarks do.
  public var batchKernel: (kernel: BatchKernel, backwards: Bool)? {
    guard case .batch(let kernel) = kernel else { return nil }
    return (kernel, kernelBackwards)
  }

  /// How the points are computed, forward: which kernel in which instruction set, or PROJ with
  /// its operation.
  public var path: TransformPath {
    if let kernel {
      return .kernel(name: kernel.name, backwards: kernelBackwards, instructionSet: .active)
    }
    #if PROJ
      return .proj(definition: try? ThreadContext.current().operation(from: source, to: target).definition)
    #else
      return .proj(definition: nil)
    #endif
  }

  /// Which way a transform goes.
  public enum Direction: Hashable, Sendable {
    /// From `source` to `target`.
    case forward
    /// From `target` to `source`.
    case inverse
  }

  /// Creates a transformer, checking with PROJ that it accepts both CRSs and an operation between them.
  ///
  /// - Throws: `ProjectionError` with `.invalidCRS` (carrying PROJ's message) for a definition
  ///   PROJ rejects, or `.missingResource` when PROJ's database cannot be found.
  ///
  /// - Parameters:
  ///   - source: the CRS of the coordinates given: `EPSG:4326`, a PROJ string or WKT.
  ///   - target: the CRS to transform them to.
  ///   - exact: always use PROJ, never a SIMD kernel.
  public init(from source: String, to target: String, exact: Bool = false) throws(ProjectionError) {
    #if PROJ
      let context = try ThreadContext.current()
      let operation = try context.operation(from: source, to: target)
      self.source = source
      self.target = target
      sourceIsGeographic = operation.source.isGeographic
      targetIsGeographic = operation.target.isGeographic
      sourceIdentifier = operation.source.identifier
      targetIdentifier = operation.target.identifier
      let (fromGeographic, toGeographic) = (operation.source.isGeographic, operation.target.isGeographic)
      let match =
        exact
        ? nil
        : operation.definition.flatMap {
          OperationMatch.kernel(
            definition: $0, sourceIsGeographic: fromGeographic, targetIsGeographic: toGeographic,
            ellipsoid: context.ellipsoid)
        }
      kernel = match?.kernel
      kernelBackwards = match?.backwards ?? false
    #else
      guard let from = BuiltInCRS.lookup(source) else { throw .needsPROJ(source) }
      guard let to = BuiltInCRS.lookup(target) else { throw .needsPROJ(target) }
      guard !exact else { throw .needsPROJ("\(source) → \(target) with exact") }
      guard let match = from.crs.kernel(to: to.crs) else { throw .needsPROJ("\(source) → \(target)") }
      self.init(
        source: source, target: target, sourceIsGeographic: from.crs.isGeographic,
        targetIsGeographic: to.crs.isGeographic, sourceIdentifier: from.code, targetIdentifier: to.code,
        kernel: match.kernel, kernelBackwards: match.backwards)
    #endif
  }

  /// A transformer between two CRSs given by their parameters (or from the built-in table):
  /// a kernel wherever one fits; otherwise, and with `exact`, PROJ on their PROJ definitions.
  ///
  /// ```swift
  /// let toUTM = try Transformer(from: .wgs84, to: .transverseMercator(centralMeridian: 15, scaleFactor: 0.9996,
  ///                                                                   falseEasting: 500_000, falseNorthing: 0))
  /// ```
  ///
  /// - Throws: `.needsPROJ` without the PROJ trait when no kernel fits (two different
  ///   projections) or `exact` is asked for.
  public init(from source: CRS, to target: CRS, exact: Bool = false) throws(ProjectionError) {
    let match = exact ? nil : source.kernel(to: target)
    #if PROJ
      if match == nil { _ = try ThreadContext.current().operation(from: source.projString, to: target.projString) }
    #else
      if match == nil {
        throw .needsPROJ(exact ? "an exact transform" : "\(source.projString) → \(target.projString)")
      }
    #endif
    self.init(
      source: source.projString, target: target.projString, sourceIsGeographic: source.isGeographic,
      targetIsGeographic: target.isGeographic, sourceIdentifier: nil, targetIdentifier: nil, kernel: match?.kernel,
      kernelBackwards: match?.backwards ?? false)
  }

  /// The transformer that goes the other way.
  public var inverted: Transformer {
    Transformer(
      source: target, target: source, sourceIsGeographic: targetIsGeographic,
      targetIsGeographic: sourceIsGeographic, sourceIdentifier: targetIdentifier,
      targetIdentifier: sourceIdentifier, kernel: kernel, kernelBackwards: !kernelBackwards)
  }

  /// The same transformation done by PROJ, even where a kernel would fit (without the PROJ trait,
  /// its transforms throw `.needsPROJ`).
  public var exact: Transformer {
    Transformer(
      source: source, target: target, sourceIsGeographic: sourceIsGeographic,
      targetIsGeographic: targetIsGeographic, sourceIdentifier: sourceIdentifier,
      targetIdentifier: targetIdentifier, kernel: nil, kernelBackwards: false)
  }

  private init(
    source: String, target: String, sourceIsGeographic: Bool, targetIsGeographic: Bool,
    sourceIdentifier: String?, targetIdentifier: String?, kernel: FastKernel?, kernelBackwards: Bool
  ) {
    self.source = source
    self.target = target
    self.sourceIsGeographic = sourceIsGeographic
    self.targetIsGeographic = targetIsGeographic
    self.sourceIdentifier = sourceIdentifier
    self.targetIdentifier = targetIdentifier
    self.kernel = kernel
    self.kernelBackwards = kernelBackwards
  }

  /// Transforms one point. A point that cannot be transformed comes back as NaN.
  public func transform(
    x: Double, y: Double, z: Double? = nil, direction: Direction = .forward
  ) throws(ProjectionError) -> (x: Double, y: Double, z: Double?) {
    var (x, y, z3) = (x, y, z ?? 0)
    if let kernel {
      _ = runKernel(kernel, direction: direction, x: &x, y: &y, count: 1)
      return (x, y, z)
    }
    #if PROJ
      let context = try ThreadContext.current()
      let operation = try context.operation(from: source, to: target)
      let inverse = direction == .inverse
      guard z != nil else {
        _ = context.transform(operation, inverse: inverse, x: &x, y: &y, z: nil, count: 1)
        return (x, y, nil)
      }
      _ = context.transform(operation, inverse: inverse, x: &x, y: &y, z: &z3, count: 1)
      return (x, y, z3)
    #else
      throw .needsPROJ("\(source) → \(target)")
    #endif
  }

  /// Transforms a batch in place over contiguous buffers (structure of arrays).
  ///
  /// - Parameters:
  ///   - x: longitudes or eastings; overwritten with the results.
  ///   - y: latitudes or northings, as many as `x`.
  ///   - z: heights, as many as `x`, or nil for 2D.
  ///   - direction: source to target, or back.
  /// - Returns: the count and how many points became NaN.
  /// - Throws: `.invalidBuffers` when the lengths differ; never for a bad point.
  /// - Complexity: O(n).
  @discardableResult
  public func transform(
    x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>,
    z: UnsafeMutableBufferPointer<Double>? = nil, direction: Direction = .forward
  ) throws(ProjectionError) -> BatchResult {
    guard x.count == y.count, z.map({ $0.count == x.count }) ?? true else {
      throw ProjectionError(
        .invalidBuffers, subject: "\(source) → \(target)",
        message: "x has \(x.count) values, y \(y.count), z \(z?.count ?? x.count)")
    }
    guard let xBase = x.baseAddress, let yBase = y.baseAddress else {
      return BatchResult(count: 0, failed: 0)
    }
    if let kernel {
      let failed = ParallelBatch.run(count: x.count, threads: threads) { range in
        runKernel(
          kernel, direction: direction, x: xBase + range.lowerBound, y: yBase + range.lowerBound, count: range.count)
      }
      return BatchResult(count: x.count, failed: failed)
    }
    #if PROJ
      let context = try ThreadContext.current()
      let operation = try context.operation(from: source, to: target)
      let (failed, message) = context.transform(
        operation, inverse: direction == .inverse, x: xBase, y: yBase, z: z?.baseAddress,
        count: x.count)
      return BatchResult(count: x.count, failed: failed, message: message)
    #else
      throw .needsPROJ("\(source) → \(target)")
    #endif
  }

  /// Runs the kernel over `count` points in place on the calling thread; a point the kernel fails
  /// (outside its domain, or where its series would lose accuracy) is computed by PROJ alone, so a
  /// kernel never refuses a point that PROJ answers (<doc:Projections>). Returns how many points
  /// failed in the end (NaN): those PROJ refuses too, or every one the kernel fails without PROJ.
  func runKernel(
    _ kernel: FastKernel, direction: Direction, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
    count: Int
  ) -> Int {
    let forward = (direction == .forward) != kernelBackwards
    #if PROJ
      // PROJ's operation, found at the first point the kernel fails (most batches have none).
      var proj: (context: ThreadContext, operation: Operation)?? = .none
      return kernel.run(forward: forward, x: x, y: y, count: count) { index in
        if case .none = proj {
          proj = try? { () throws(ProjectionError) -> (ThreadContext, Operation) in
            let context = try ThreadContext.current()
            return (context, try context.operation(from: source, to: target))
          }()
        }
        guard case .some(.some(let exact)) = proj else { return false }
        let inverse = direction == .inverse
        return exact.context.transform(exact.operation, inverse: inverse, x: x + index, y: y + index, z: nil, count: 1)
          .failed == 0
      }
    #else
      return kernel.run(forward: forward, x: x, y: y, count: count)
    #endif
  }

  /// Transforms a batch from input buffers into separate output buffers; the inputs are unchanged.
  @discardableResult
  public func transform(
    x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>,
    intoX outX: UnsafeMutableBufferPointer<Double>, intoY outY: UnsafeMutableBufferPointer<Double>,
    direction: Direction = .forward
  ) throws(ProjectionError) -> BatchResult {
    guard x.count == y.count, outX.count == x.count, outY.count == x.count else {
      throw ProjectionError(
        .invalidBuffers, subject: "\(source) → \(target)",
        message: "inputs have \(x.count) and \(y.count) values, outputs \(outX.count) and \(outY.count)")
    }
    if let kernel, let inX = x.baseAddress, let inY = y.baseAddress, let xBase = outX.baseAddress,
      let yBase = outY.baseAddress
    {
      // Each thread copies its slice and transforms it while it is in cache.
      let failed = ParallelBatch.run(count: x.count, threads: threads) { range in
        (xBase + range.lowerBound).update(from: inX + range.lowerBound, count: range.count)
        (yBase + range.lowerBound).update(from: inY + range.lowerBound, count: range.count)
        return runKernel(
          kernel, direction: direction, x: xBase + range.lowerBound, y: yBase + range.lowerBound, count: range.count)
      }
      return BatchResult(count: x.count, failed: failed)
    }
    _ = outX.update(fromContentsOf: x)
    _ = outY.update(fromContentsOf: y)
    return try transform(x: outX, y: outY, direction: direction)
  }

  /// Transforms arrays in place.
  @discardableResult
  public func transform(x: inout [Double], y: inout [Double], direction: Direction = .forward)
    throws(ProjectionError) -> BatchResult
  {
    try x.withUnsafeMutableBufferPointer { (xs) throws(ProjectionError) -> BatchResult in
      try y.withUnsafeMutableBufferPointer { (ys) throws(ProjectionError) -> BatchResult in
        try transform(x: xs, y: ys, direction: direction)
      }
    }
  }
}
