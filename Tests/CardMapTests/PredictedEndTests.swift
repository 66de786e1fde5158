import CardMap
import CardMapTestSupport
import Testing

/// `CardStack.predictedEnd`: at finger-up, the end of the drag and its camera, before anything moves.
@Suite("Predicted end of a drag: the target and its camera at finger-up")
struct PredictedEndTests {
  @Test("on every device, for releases anywhere at any speed, the prediction is what the drag then does")
  func predictionIsTheDrag() throws {
    var random = SplitMix(state: 32)
    var compared = 0
    for device in DeviceProfile.catalog {
      let environment = try device.environment()
      for _ in 0..<25 {
        let manager = MapManager(id: "m", bounds: sydney, fitOptions: FitOptions(bearing: random.uniform(-180...180)))
        var stack = CardStack(environment: environment, root: try Card(id: "A", mapManager: manager))
        let y = random.uniform(-50...(environment.height + 50))
        let velocity = random.uniform(-3000...3000)
        let before = (stack.layout, stack.camera)
        let end = stack.predictedEnd(y: y, velocity: velocity)
        // Nothing moved.
        #expect(stack.layout == before.0 && stack.camera == before.1, "\(device.name)")
        let snap = stack.drag(y: y, velocity: velocity)
        #expect(end.snap == snap && end.layout == stack.layout, "\(device.name) y \(y) v \(velocity)")
        #expect(end.fit?.camera == stack.camera && end.fit?.insets == stack.layout.mapInsets, "\(device.name)")
        if end.fit != nil { compared += 1 }
      }
    }
    #expect(compared >= DeviceProfile.catalog.count * 20)
  }

  @Test("a card without content predicts its snap and layout, and no camera")
  func noContent() throws {
    let stack = CardStack(environment: try phone(), root: try Card(id: "list", preferredPosition: .peaking))
    let end = stack.predictedEnd(y: 300, velocity: 0)
    var moved = stack
    let snap = moved.drag(y: 300, velocity: 0)
    #expect(end.fit == nil && moved.camera == nil)
    #expect(end.snap == snap && end.layout == moved.layout)
  }
}
