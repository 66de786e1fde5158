import CardLayout
import Foundation
import Testing

@Suite("A fling of a card's content (CardLayout's Gestures, Momentum)")
struct ScrollMomentumTests {
  @Test("UIScrollView's deceleration: the speed times 0.998 each millisecond, a fling at 1000 pt/s going 499.5 pt")
  func deceleration() {
    let fling = ScrollMomentum(from: 0, velocity: 1000, maxOffset: 1e6)
    // The offset after t is the integral of the speed: all of it, 1000 / (1000 · −ln 0.998) pt; it
    // rests at 1 pt/s, a thousandth of the start's speed, with a thousandth of that still to go.
    #expect(abs(1 / -log(0.998) - 499.5) < 0.01)
    #expect(abs(fling.to - 1 / -log(0.998) * (1 - 1.0 / 1000)) < 1e-9 && fling.offset(at: 100) == fling.to)
    // Each millisecond keeps 0.998 of the speed: the distance in the second millisecond is 0.998 of the first's.
    let first = fling.offset(at: 0.001)
    let second = fling.offset(at: 0.002) - first
    #expect(abs(second / first - 0.998) < 1e-9)
    // It rests once slower than 1 pt/s: ln(1/1000) / (1000 ln 0.998) s.
    #expect(abs(fling.duration - log(0.001) / (1000 * log(0.998))) < 1e-12)
  }

  @Test("it stops at the content's edges, either way, and a fling without speed goes nowhere")
  func edges() {
    let down = ScrollMomentum(from: 1900, velocity: 3000, maxOffset: 2000)
    #expect(down.to == 2000 && down.duration < 0.04)
    #expect(down.offset(at: down.duration + 1) == 2000)
    let up = ScrollMomentum(from: 100, velocity: -3000, maxOffset: 2000)
    #expect(up.to == 0 && up.offset(at: 10) == 0)
    let still = ScrollMomentum(from: 50, velocity: 0.5, maxOffset: 2000)
    #expect(still.duration == 0 && still.to == 50)
    let odd = ScrollMomentum(from: .nan, velocity: .infinity, maxOffset: -4)
    #expect(odd.from == 0 && odd.velocity == 0 && odd.maxOffset == 0 && odd.to == 0)
  }

  @Test("its offsets only ever move one way and slow down")
  func slows() {
    let fling = ScrollMomentum(from: 300, velocity: -1800, maxOffset: 5000)
    var last = fling.offset(at: 0)
    var step = Double.infinity
    for i in 1...200 {
      let now = fling.offset(at: Double(i) / 60)
      #expect(now <= last && last - now <= step + 1e-9)
      (step, last) = (last - now, now)
    }
  }
}
