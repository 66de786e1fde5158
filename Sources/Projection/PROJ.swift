#if PROJ
  // Every call into the PROJ C library lives in this file (ARCHITECTURE: "Every C call lives in one
  // file of Projection; a PROJ handle never crosses threads").
  import CProj

  import ProjectionKernels

  import PlatformMath

  /// What PROJ told us about one side of an operation.
  struct CRSInfo: Hashable, Sendable {
    /// Geographic (lon/lat in degrees after normalisation): its latitude is checked to be within ±90°.
    var isGeographic: Bool
    /// `"EPSG:4326"` and the like when PROJ identifies the CRS by an authority code, else nil.
    var identifier: String?
  }

  /// A transformation PROJ built on one thread's context, normalised to lon/lat, easting/northing order.
  struct Operation {
    /// The `PJ*`, owned by the thread context that created it.
    let handle: OpaquePointer
    let source: CRSInfo
    let target: CRSInfo
    /// PROJ's own definition of the normalised operation (a `+proj=pipeline` string); nil when
    /// PROJ chooses per point among several candidate operations, which have no single one.
    let definition: String?
  }

  /// One PROJ context per thread, with that thread's cache of operations.
  ///
  /// A `ThreadContext` is created on first use by a thread, is only ever touched by that thread, and
  /// is destroyed with the thread (a pthread key destructor). Messages reach it through PROJ's log
  /// callback, so PROJ never writes to stderr. Network access is off.
  final class ThreadContext {
    /// The `PJ_CONTEXT*`.
    private let context: OpaquePointer
    /// PROJ's messages since the last `takeMessages()`.
    private var messages: [String] = []
    /// Operations by source and target definition: `proj_create_crs_to_crs` is slow (Benchmarks/README.md,
    /// *Why the code is as it is*), so each is made once.
    private var operations: [OperationKey: Operation] = [:]
    /// Bound on cached operations per thread; past it the cache starts again.
    private static let cacheLimit = 64

    private struct OperationKey: Hashable {
      var source: String
      var target: String
    }

    private init?() {
      silenceDefaultContext
      guard let context = proj_context_create() else { return nil }
      self.context = context
      proj_log_level(context, PJ_LOG_ERROR)
      proj_log_func(context, Unmanaged.passUnretained(self).toOpaque(), ThreadContext.log)
      _ = proj_context_set_enable_network(context, 0)
    }

    deinit {
      for operation in operations.values { proj_destroy(operation.handle) }
      proj_context_destroy(context)
    }

    /// The calling thread's context, created on first use.
    static func current() throws(ProjectionError) -> ThreadContext {
      if let existing = pthread_getspecific(threadContextKey) {
        return Unmanaged<ThreadContext>.fromOpaque(existing).takeUnretainedValue()
      }
      guard let created = ThreadContext() else {
        throw ProjectionError(
          .contextUnavailable, subject: "PROJ", message: "proj_context_create returned no context")
      }
      pthread_setspecific(threadContextKey, Unmanaged.passRetained(created).toOpaque())
      return created
    }

    private static let log: PJ_LOG_FUNCTION = { appData, _, message in
      guard let appData, let message else { return }
      let context = Unmanaged<ThreadContext>.fromOpaque(appData).takeUnretainedValue()
      context.messages.append(String(cString: message))
    }

    /// PROJ's messages since the last call, each once, in order.
    func takeMessages() -> String {
      defer { messages.removeAll() }
      var seen: Set<String> = []
      return messages.filter { seen.insert($0).inserted }.joined(separator: "; ")
    }

    /// The operation from `source` to `target`, from this thread's cache or newly created.
    func operation(from source: String, to target: String) throws(ProjectionError) -> Operation {
      let key = OperationKey(source: source, target: target)
      if let cached = operations[key] { return cached }
      let created = try createOperation(from: source, to: target)
      if operations.count >= ThreadContext.cacheLimit {
        for operation in operations.values { proj_destroy(operation.handle) }
        operations.removeAll()
      }
      operations[key] = created
      return created
    }

    private func createOperation(from source: String, to target: String) throws(ProjectionError)
      -> Operation
    {
      _ = takeMessages()
      let subject = "\(source) → \(target)"
      guard let raw = proj_create_crs_to_crs(context, source, target, nil) else {
        throw failure(subject: subject, fallback: "PROJ accepts no operation between these CRSs")
      }
      defer { proj_destroy(raw) }
      guard let normalized = proj_normalize_for_visualization(context, raw) else {
        throw failure(subject: subject, fallback: "cannot normalise the axis order")
      }
      // The CRSs of the operation before normalisation keep their authority codes.
      let sourceInfo = describe(proj_get_source_crs(context, raw))
      let targetInfo = describe(proj_get_target_crs(context, raw))
      let definition = quietly {
        proj_as_proj_string(context, normalized, PJ_PROJ_5, nil).map { String(cString: $0) }
          ?? commonDefinition(from: source, to: target)
      }
      return Operation(handle: normalized, source: sourceInfo, target: targetInfo, definition: definition)
    }

    /// `body`'s result, with what PROJ says meanwhile dropped and what it said before kept.
    private func quietly<T>(_ body: () -> T) -> T {
      let kept = messages
      defer { messages = kept }
      return body()
    }

    /// The one definition of every candidate operation PROJ would choose among per point (all of
    /// them, whatever the area: a superset of `proj_create_crs_to_crs`'s), when they all have the
    /// same (ETRS89 → UTM: the European null transformation and the world's ballpark one); else nil.
    private func commonDefinition(from source: String, to target: String) -> String? {
      guard let sourceCRS = proj_create(context, source) else { return nil }
      defer { proj_destroy(sourceCRS) }
      guard let targetCRS = proj_create(context, target) else { return nil }
      defer { proj_destroy(targetCRS) }
      guard let factory = proj_create_operation_factory_context(context, nil) else { return nil }
      defer { proj_operation_factory_context_destroy(factory) }
      proj_operation_factory_context_set_spatial_criterion(
        context, factory, PROJ_SPATIAL_CRITERION_PARTIAL_INTERSECTION)
      proj_operation_factory_context_set_grid_availability_use(
        context, factory, PROJ_GRID_AVAILABILITY_DISCARD_OPERATION_IF_MISSING_GRID)
      guard let list = proj_create_operations(context, sourceCRS, targetCRS, factory) else { return nil }
      defer { proj_list_destroy(list) }
      var definitions: Set<String> = []
      for index in 0..<proj_list_get_count(list) {
        guard let candidate = proj_list_get(context, list, index) else { return nil }
        defer { proj_destroy(candidate) }
        guard let normalized = proj_normalize_for_visualization(context, candidate) else { return nil }
        defer { proj_destroy(normalized) }
        guard let text = proj_as_proj_string(context, normalized, PJ_PROJ_5, nil) else { return nil }
        definitions.insert(String(cString: text))
      }
      return definitions.count == 1 ? definitions.first : nil
    }

    /// The ellipsoid that PROJ makes of a step's ellipsoid parameters (`+ellps=GRS80`, `+a=… +rf=…`).
    func ellipsoid(_ parameters: String) -> Ellipsoid? {
      quietly { makeEllipsoid(parameters) }
    }

    private func makeEllipsoid(_ parameters: String) -> Ellipsoid? {
      guard let crs = proj_create(context, "+proj=longlat \(parameters) +type=crs") else { return nil }
      defer { proj_destroy(crs) }
      guard let ellipsoid = proj_get_ellipsoid(context, crs) else { return nil }
      defer { proj_destroy(ellipsoid) }
      var a = 0.0
      var inverseFlattening = 0.0
      guard proj_ellipsoid_get_parameters(context, ellipsoid, &a, nil, nil, &inverseFlattening) != 0, a > 0 else {
        return nil
      }
      // PROJ gives 0 for a sphere's inverse flattening.
      return Ellipsoid(semiMajorAxis: a, inverseFlattening: inverseFlattening == 0 ? .infinity : inverseFlattening)
    }

    private func describe(_ crs: OpaquePointer?) -> CRSInfo {
      guard let crs else { return CRSInfo(isGeographic: false, identifier: nil) }
      defer { proj_destroy(crs) }
      let type = proj_get_type(crs)
      let geographic = type == PJ_TYPE_GEOGRAPHIC_2D_CRS || type == PJ_TYPE_GEOGRAPHIC_3D_CRS
      var identifier: String?
      if let authority = proj_get_id_auth_name(crs, 0), let code = proj_get_id_code(crs, 0) {
        identifier = "\(String(cString: authority)):\(String(cString: code))"
      }
      return CRSInfo(isGeographic: geographic, identifier: identifier)
    }

    private func failure(subject: String, fallback: String) -> ProjectionError {
      let code = proj_context_errno(context)
      var message = takeMessages()
      if message.isEmpty, code != 0, let text = proj_context_errno_string(context, code) {
        message = String(cString: text)
      }
      if message.isEmpty { message = fallback }
      let kind: ProjectionError.Kind =
        message.contains("proj.db") || message.contains("grid") ? .missingResource : .invalidCRS
      return ProjectionError(kind, subject: subject, message: message)
    }

    /// Transforms `count` points in place through `operation`; returns how many became NaN and what
    /// PROJ said meanwhile (nil when nothing).
    ///
    /// Non-finite inputs, and latitudes beyond ±90° on a geographic input side, are set to NaN
    /// before PROJ sees them; PROJ's failures (HUGE_VAL) become NaN after.
    func transform(
      _ operation: Operation, inverse: Bool,
      x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
      z: UnsafeMutablePointer<Double>?, count: Int
    ) -> (failed: Int, message: String?) {
      guard count > 0 else { return (0, nil) }
      let inputIsGeographic = inverse ? operation.target.isGeographic : operation.source.isGeographic
      for i in 0..<count {
        let valid =
          x[i].isFinite && y[i].isFinite && (z?[i].isFinite ?? true)
          && (!inputIsGeographic || abs(y[i]) <= 90)
        if !valid {
          x[i] = .nan
          y[i] = .nan
          z?[i] = .nan
        }
      }
      proj_errno_reset(operation.handle)
      errno = 0
      let stride = MemoryLayout<Double>.stride
      _ = proj_trans_generic(
        operation.handle, inverse ? PJ_INV : PJ_FWD,
        x, stride, count, y, stride, count, z, z == nil ? 0 : stride, z == nil ? 0 : count,
        nil, 0, 0)
      proj_errno_reset(operation.handle)
      let said = takeMessages()
      var failed = 0
      for i in 0..<count where !(x[i].isFinite && y[i].isFinite && (z?[i].isFinite ?? true)) {
        x[i] = .nan
        y[i] = .nan
        z?[i] = .nan
        failed += 1
      }
      return (failed, said.isEmpty ? nil : said)
    }
  }

  /// The pthread key under which each thread keeps its `ThreadContext`; its destructor frees it.
  private let threadContextKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
      pthread_key_create(&key) { Unmanaged<ThreadContext>.fromOpaque($0).release() }
    #else
      pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<ThreadContext>.fromOpaque(pointer).release()
      }
    #endif
    return key
  }()

  /// PROJ's default context logs to stderr; it is given a callback that drops messages, once.
  private let silenceDefaultContext: Void = {
    proj_log_func(nil, nil) { _, _, _ in }
  }()
#endif
