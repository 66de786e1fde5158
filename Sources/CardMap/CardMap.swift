// CardMap: the model that drives a card app, on top of the modules it re-exports.
@_exported import CardLayout
@_exported import GeoJSONIO
@_exported import MapGeometry
@_exported import ProjectionKernels
@_exported import ViewGeometry

#if !hasFeature(Embedded)
  // PROJ and the CRS table: not in the WebAssembly build (`make wasm`), whose content is lon/lat.
  @_exported import Projection
#endif
