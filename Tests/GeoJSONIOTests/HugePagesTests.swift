import Testing

@testable import GeoJSONIO

@Suite("Large buffers in huge pages")
struct HugePagesTests {
  @Test(
    "an advised reservation is an empty array with the room asked for, small or large", arguments: [0, 100, 1 << 20])
  func reservation(capacity: Int) {
    var array: [Double] = HugePages.emptyArray(capacity: capacity)
    #expect(array.isEmpty && array.capacity >= capacity)
    for index in 0..<capacity { array.append(Double(index)) }
    #expect(array.count == capacity && array.last == (capacity > 0 ? Double(capacity - 1) : nil))
  }

  @Test("a unique copy of positions is equal, and writing it leaves the original as it was")
  func uniqueCopy() throws {
    let document = try GeoJSONReader.read(Array(#"{"type":"MultiPoint","coordinates":[[1,2],[3,4,5]]}"#.utf8))
    var copy = document.positions.uniqueCopy()
    #expect(copy == document.positions)
    copy.lons[0] = 9
    copy.heights[1] = 0
    #expect(document.positions.lons == [1, 3] && document.positions.heights[1] == 5)
  }
}
