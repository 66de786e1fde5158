import CardMapWire

/// Objects JavaScript holds by a number: a freed slot is reused by the next one added, so that
/// making and freeing objects forever takes no more memory than the most alive at once.
public struct Handles<Object> {
  var slots: [Object?] = []
  var free: [Int32] = []

  public init() {}

  /// Adds `object` and gives its handle.
  public mutating func add(_ object: Object) -> Int32 {
    if let handle = free.popLast() {
      slots[Int(handle)] = object
      return handle
    }
    slots.append(object)
    return Int32(slots.count - 1)
  }

  /// Frees `handle`'s object; an unknown or freed handle is ignored.
  public mutating func remove(_ handle: Int32) {
    guard slots.indices.contains(Int(handle)), slots[Int(handle)] != nil else { return }
    slots[Int(handle)] = nil
    free.append(handle)
  }

  /// The object of `handle`, nil when freed or never made.
  public subscript(handle: Int32) -> Object? {
    get { slots.indices.contains(Int(handle)) ? slots[Int(handle)] : nil }
    set {
      guard slots.indices.contains(Int(handle)), slots[Int(handle)] != nil, let newValue else { return }
      slots[Int(handle)] = newValue
    }
  }

  /// Adds the object `make` makes from the JSON of `length` bytes at `pointer`: its handle, or -1
  /// with the error kept (`answering`).
  public mutating func add(
    json pointer: UnsafePointer<UInt8>?, _ length: Int32, _ make: (JSONValue) throws(JSONInputError) -> Object
  ) -> Int32 {
    var handle: Int32 = -1
    _ = answering { () throws(JSONInputError) in
      handle = add(try make(try json(pointer, length)))
      return nil
    }
    return handle
  }

  /// The object of `handle`, or an error naming it as `what` (`"card stack"`): freed, or never made.
  public func object(_ handle: Int32, _ what: String) throws(JSONInputError) -> Object {
    guard let object = self[handle] else { throw JSONInputError("no \(what) \(handle): it was freed, or never made") }
    return object
  }

  /// Writes the camera `camera` gives for `handle`'s object (`what`) with the card's top at `y`,
  /// as `CameraNumbers` at `out` (NaN without one): 0, or 1 with the error kept (the numbers NaN).
  public func camera(
    _ handle: Int32, _ what: String, y: Double, to out: UnsafeMutablePointer<Double>,
    _ camera: (Object, Double) throws(JSONInputError) -> MapFit?
  ) -> Int32 {
    CameraNumbers.write(nil, to: out)
    return answering { () throws(JSONInputError) in
      let object = try object(handle, what)
      guard y.isFinite else { throw JSONInputError(path: "y", "expected a finite number") }
      CameraNumbers.write(try camera(object, y), to: out)
      return nil
    }
  }
}
