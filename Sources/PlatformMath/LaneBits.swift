// Vectors of doubles taken as bit patterns, lane by lane: masks made with arithmetic rather than
// `SIMDMask` (whose comparisons the default x86-64 target compiles to a store and a reload a lane).

/// The lanes' bit patterns, as signed integers.
@inlinable @inline(__always)
public func laneBits<V: SIMD>(_ v: V) -> V.MaskStorage where V.Scalar == Double {
  unsafeBitCast(v, to: V.MaskStorage.self)
}

/// Lanes where `a > b`, all ones, else zero, for finite lanes: the sign of b − a (b − a is +0
/// when they are equal).
@inlinable @inline(__always)
public func greaterLanes<V: SIMD>(_ a: V, _ b: V) -> V.MaskStorage where V.Scalar == Double {
  laneBits(b - a) &>> 63
}

/// Whether every lane of a mask is all ones.
@inlinable @inline(__always)
public func allLanes<M: SIMD>(_ mask: M) -> Bool where M.Scalar == Int64 { mask.max() == -1 }

/// Whether any lane of a mask is all ones.
@inlinable @inline(__always)
public func anyLanes<M: SIMD>(_ mask: M) -> Bool where M.Scalar == Int64 { mask.min() == -1 }
