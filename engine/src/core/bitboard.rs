//! Helpers for `u64` cell sets: every board has at most 64 cells, one bit each.

/// A cell index, `0..64`, into a geometry's cell list.
pub type Cell = u8;

/// Iterates the set bits of a `u64`, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as Cell;
        self.0 &= self.0 - 1;
        Some(c)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

/// The single-bit mask of a cell.
#[inline]
pub const fn bit(c: Cell) -> u64 {
    1u64 << c
}

/// Mask with the lowest `n` bits set (`n` may be 64).
#[inline]
pub const fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_iterates_in_order() {
        let v: Vec<Cell> = Bits(0b1010_0001).collect();
        assert_eq!(v, vec![0, 5, 7]);
        assert_eq!(Bits(u64::MAX).count(), 64);
        assert_eq!(low_bits(64), u64::MAX);
        assert_eq!(low_bits(9), 0x1ff);
    }
}
