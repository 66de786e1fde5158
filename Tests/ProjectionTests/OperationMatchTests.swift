import ProjectionKernels
import Testing

@testable import Projection

/// Reading PROJ's operation definitions: which take a kernel, which stay on PROJ (no PROJ needed:
/// the definitions are PROJ's own, as `projinfo -o PROJ` prints them).
@Suite("Kernels chosen from PROJ's operation")
struct OperationMatchTests {
  func match(_ definition: String, geographic: (Bool, Bool) = (true, false)) -> (FastKernel, Bool)? {
    OperationMatch.kernel(
      definition: definition, sourceIsGeographic: geographic.0, targetIsGeographic: geographic.1,
      ellipsoid: { $0.contains("GRS80") ? .grs80 : $0.contains("WGS84") ? .wgs84 : nil }
    ).map { ($0.kernel, $0.backwards) }
  }

  @Test("a pipeline of degrees → radians, one projection and a unit takes the kernel, either way")
  func pipelines() throws {
    let lcc =
      "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=lcc +lat_0=40.1666666666667 +lon_0=-74 +lat_1=41.0333333333333 +lat_2=40.6666666666667 +x_0=300000 +y_0=0 +ellps=GRS80 +step +proj=unitconvert +xy_in=m +xy_out=us-ft"
    let forward = try #require(match(lcc))
    guard case .batch(let kernel) = forward.0 else { throw Missing() }
    #expect(kernel.metresPerUnit == 1200 / 3937 && !forward.1)
    let back =
      "+proj=pipeline +step +proj=unitconvert +xy_in=us-ft +xy_out=m +step +inv +proj=lcc +lat_0=40.1666666666667 +lon_0=-74 +lat_1=41.0333333333333 +lat_2=40.6666666666667 +x_0=300000 +y_0=0 +ellps=GRS80 +step +proj=unitconvert +xy_in=rad +xy_out=deg"
    let backward = try #require(match(back, geographic: (false, true)))
    #expect(backward.0 == forward.0 && backward.1)
    #expect(match("+proj=noop", geographic: (true, true))?.0 == .identity)
  }

  @Test(
    "anything else stays on PROJ",
    arguments: [
      // An axis swap left after normalisation, a datum shift, an unknown parameter, two projections.
      "+proj=pipeline +step +proj=axisswap +order=2,1 +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=webmerc +ellps=WGS84",
      "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=push +v_3 +step +proj=cart +ellps=WGS84 +step +proj=helmert +x=1 +step +inv +proj=cart +ellps=GRS80 +step +proj=pop +v_3 +step +proj=utm +zone=33 +ellps=GRS80",
      "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=tmerc +approx +ellps=WGS84",
      "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=utm +zone=33 +over +ellps=WGS84",
      "+proj=pipeline +step +inv +proj=utm +zone=33 +ellps=WGS84 +step +proj=webmerc +ellps=WGS84",
      "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=stere +lat_0=45 +ellps=WGS84",
      "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=laea +lat_0=90 +ellps=WGS84",
      "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=lcc +lat_1=x +ellps=WGS84",
      "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=merc +ellps=WGS84",
      "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=utm +zone=33 +ellps=bessel",
      "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=webmerc +ellps=WGS84 +step +proj=unitconvert +xy_in=m +xy_out=chain",
    ])
  func unmatched(_ definition: String) {
    #expect(match(definition) == nil)
  }

  struct Missing: Error {}
}
