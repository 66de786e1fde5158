// CardMap: the model that drives a card app, on top of the modules it re-exports.
@_exported import CardLayout
@_exported import GeoJSONIO
@_exported import MapGeometry
@_exported import Projection
@_exported import ProjectionKernels
@_exported import ViewGeometry
