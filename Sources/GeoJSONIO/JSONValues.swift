// GeoJSON's `properties`, `id` and foreign members are any JSON (RFC 7946 §3.2, §6.1): they are
// `JSONValue`s, from the module that reads nothing and writes JSON's values, which this module's
// users get with it.
@_exported import JSONValues
