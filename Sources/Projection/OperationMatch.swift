import ProjectionKernels

/// Which kernel, if any, does exactly what PROJ's operation does (<doc:Projections#Kernels>).
///
/// The operation is read as PROJ writes it (`proj_as_proj_string` of the normalised operation):
/// a pipeline of steps. A kernel is taken when the steps are, in this order, degrees → radians,
/// one supported projection with only parameters the kernel honours, and optionally metres → a
/// linear unit; or the same backwards (`+inv`, radians → degrees); or nothing at all between two
/// lon/lat CRSs. Any other step (an axis swap left after normalisation, a datum shift, a grid, a
/// height conversion), any other parameter, or an operation PROJ chooses per point among several
/// candidates (which has no single definition) leaves the work to PROJ.
enum OperationMatch {
  /// One `+step` of a pipeline: its projection name, whether inverted, its other parameters.
  struct Step: Equatable {
    var name: String
    var inverted: Bool
    var parameters: [String: String]
  }

  /// The steps of a PROJ string: `+proj=pipeline +step … +step …`, or a single operation.
  static func steps(_ definition: String) -> [Step]? {
    var steps: [Step] = []
    var current: Step?
    var pipeline = false
    for token in definition.split(separator: " ") {
      guard token.hasPrefix("+") else { return nil }
      let body = token.dropFirst()
      let parts = body.split(separator: "=", maxSplits: 1)
      let key = String(parts[0])
      let value = parts.count > 1 ? String(parts[1]) : ""
      switch key {
      case "proj" where value == "pipeline": pipeline = true
      case "step":
        if let done = current { steps.append(done) }
        current = Step(name: "", inverted: false, parameters: [:])
      case "inv": current?.inverted = true
      case "proj":
        if current == nil, !pipeline { current = Step(name: "", inverted: false, parameters: [:]) }
        guard current?.name.isEmpty == true else { return nil }
        current?.name = value
      default:
        guard current != nil, current?.parameters[key] == nil else { return nil }
        current?.parameters[key] = value
      }
    }
    if let done = current { steps.append(done) }
    return steps.allSatisfy { !$0.name.isEmpty } ? steps : nil
  }

  /// The kernel for an operation between `source` and `target` given PROJ's definition, and
  /// whether it runs backwards; `ellipsoid` turns a step's ellipsoid parameters (`ellps`, `a`,
  /// `b`, `rf`, `f`…, as a PROJ string) into an ellipsoid.
  static func kernel(
    definition: String, sourceIsGeographic: Bool, targetIsGeographic: Bool,
    ellipsoid: (String) -> Ellipsoid?
  ) -> (kernel: FastKernel, backwards: Bool)? {
    guard var steps = steps(definition) else { return nil }
    steps.removeAll { $0.name == "noop" }
    if sourceIsGeographic, targetIsGeographic {
      let degreesBothWays =
        steps.count == 2 && isUnitConvert(steps[0], from: "deg", to: "rad")
        && isUnitConvert(steps[1], from: "rad", to: "deg")
      return steps.isEmpty || degreesBothWays ? (.identity, false) : nil
    }
    guard sourceIsGeographic != targetIsGeographic else { return nil }
    // Backwards: reverse the steps and invert each, then read them as a forward operation.
    let backwards = targetIsGeographic
    if backwards {
      steps = steps.reversed().map { step in
        var inverse = step
        if step.name == "unitconvert" {
          inverse.parameters["xy_in"] = step.parameters["xy_out"]
          inverse.parameters["xy_out"] = step.parameters["xy_in"]
        } else {
          inverse.inverted.toggle()
        }
        return inverse
      }
    }
    guard steps.count == 2 || steps.count == 3, isUnitConvert(steps[0], from: "deg", to: "rad"),
      !steps[1].inverted
    else { return nil }
    var metresPerUnit = 1.0
    if steps.count == 3 {
      guard steps[2].name == "unitconvert", steps[2].parameters.count == 2, steps[2].parameters["xy_in"] == "m",
        let unit = steps[2].parameters["xy_out"].flatMap({ linearUnits[$0] })
      else { return nil }
      metresPerUnit = unit
    }
    guard let projection = projection(steps[1], ellipsoid: ellipsoid) else { return nil }
    return (.batch(BatchKernel(projection, metresPerUnit: metresPerUnit)), backwards)
  }

  /// Metres per unit of the linear units a kernel's output may be converted to (PROJ's names).
  static let linearUnits: [String: Double] = ["m": 1, "km": 1000, "ft": 0.3048, "us-ft": 1200 / 3937]

  static func isUnitConvert(_ step: Step, from: String, to: String) -> Bool {
    step.name == "unitconvert" && !step.inverted && step.parameters == ["xy_in": from, "xy_out": to]
  }

  /// The parameters that say which ellipsoid a step is on.
  static let ellipsoidKeys: Set<String> = ["ellps", "datum", "a", "b", "rf", "f", "es", "e", "R"]

  /// A projection step as a kernel, when every parameter is one the kernel honours.
  static func projection(_ step: Step, ellipsoid resolve: (String) -> Ellipsoid?) -> ProjectionKernel? {
    var p = step.parameters
    let ellipsoidText = p.filter { ellipsoidKeys.contains($0.key) }.sorted { $0.key < $1.key }
      .map { $0.value.isEmpty ? "+\($0.key)" : "+\($0.key)=\($0.value)" }.joined(separator: " ")
    for key in ellipsoidKeys { p[key] = nil }
    guard !ellipsoidText.isEmpty, let ellipsoid = resolve(ellipsoidText) else { return nil }
    /// Takes a numeric parameter out of `p` (nil when absent; fails the match when not a number).
    var malformed = false
    func take(_ key: String) -> Double? {
      guard let text = p.removeValue(forKey: key) else { return nil }
      guard let value = Double(text), value.isFinite else {
        malformed = true
        return nil
      }
      return value
    }
    func flag(_ key: String) -> Bool {
      guard let value = p.removeValue(forKey: key) else { return false }
      if !value.isEmpty { malformed = true }
      return true
    }
    let kernel: ProjectionKernel?
    switch step.name {
    case "webmerc", "merc":
      // Web Mercator: PROJ's `webmerc`, or `merc` on the sphere of 6 378 137 m.
      let origin = [take("lat_0"), take("lon_0"), take("x_0"), take("y_0"), take("lat_ts")]
      let scale = take("k") ?? take("k_0") ?? 1
      let sphere = step.name == "webmerc" || ellipsoid.inverseFlattening.isInfinite
      let nadgrids = p.removeValue(forKey: "nadgrids")
      guard origin.allSatisfy({ ($0 ?? 0) == 0 }), scale == 1, sphere,
        ellipsoid.semiMajorAxis == WebMercatorKernel.sphereRadius, nadgrids == nil || nadgrids == "@null"
      else { return nil }
      kernel = .webMercator
    case "utm":
      // On a sphere PROJ's transverse Mercator is Snyder's closed formulas, not the series the kernel
      // shares with the ellipsoid; they differ by up to 0.1 m near the central meridian, so PROJ keeps it.
      guard ellipsoid.inverseFlattening.isFinite else { return nil }
      let south = flag("south")
      guard let zone = take("zone"), zone == zone.rounded(),
        let k = TransverseMercatorKernel(zone: Int(zone), south: south, ellipsoid: ellipsoid)
      else { return nil }
      kernel = .transverseMercator(k)
    case "tmerc", "etmerc":
      guard ellipsoid.inverseFlattening.isFinite else { return nil }  // as `utm`
      if let algorithm = p.removeValue(forKey: "algo"), algorithm != "poder_engsager" { return nil }
      kernel = .transverseMercator(
        TransverseMercatorKernel(
          centralMeridian: take("lon_0") ?? 0, scaleFactor: take("k") ?? take("k_0") ?? 1,
          falseEasting: take("x_0") ?? 0, falseNorthing: take("y_0") ?? 0, ellipsoid: ellipsoid,
          latitudeOfOrigin: take("lat_0") ?? 0))
    case "lcc":
      guard let lat1 = take("lat_1") else { return nil }
      kernel = LambertConformalConicKernel(
        latitudeOfOrigin: take("lat_0"), standardParallel1: lat1, standardParallel2: take("lat_2"),
        centralMeridian: take("lon_0") ?? 0, scaleFactor: take("k_0") ?? take("k") ?? 1,
        falseEasting: take("x_0") ?? 0, falseNorthing: take("y_0") ?? 0, ellipsoid: ellipsoid
      ).map(ProjectionKernel.lambertConformalConic)
    case "stere":
      guard let lat0 = take("lat_0"), abs(lat0) == 90, ellipsoid.inverseFlattening.isFinite else { return nil }
      kernel = .polarStereographic(
        PolarStereographicKernel(
          south: lat0 < 0, latitudeOfTrueScale: take("lat_ts"), centralMeridian: take("lon_0") ?? 0,
          scaleFactor: take("k") ?? take("k_0") ?? 1, falseEasting: take("x_0") ?? 0,
          falseNorthing: take("y_0") ?? 0, ellipsoid: ellipsoid))
    case "ups":
      guard ellipsoid.inverseFlattening.isFinite else { return nil }
      kernel = .polarStereographic(
        PolarStereographicKernel(
          south: flag("south"), latitudeOfTrueScale: nil, centralMeridian: 0, scaleFactor: 0.994,
          falseEasting: 2_000_000, falseNorthing: 2_000_000, ellipsoid: ellipsoid))
    case "laea":
      kernel = LambertAzimuthalEqualAreaKernel(
        latitudeOfOrigin: take("lat_0") ?? 0, centralMeridian: take("lon_0") ?? 0, falseEasting: take("x_0") ?? 0,
        falseNorthing: take("y_0") ?? 0, ellipsoid: ellipsoid
      ).map(ProjectionKernel.lambertAzimuthalEqualArea)
    default: return nil
    }
    // Every parameter must have been understood: any other (`+over`, `+pm`, `+approx`…) changes the result.
    guard !malformed, p.isEmpty else { return nil }
    return kernel
  }
}
