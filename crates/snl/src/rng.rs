//! snl's one seeded generator, for anything that must be reproducible from
//! a seed: random boards ([`crate::random`]) and the seeds of the
//! simulation's streams ([`crate::simulate`]).
//!
//! It imports nothing from the rest of the crate: the draws a board is made
//! of (a value of a range, a chance) are [`crate::random`]'s, on top of
//! [`SplitMix64::below`].

/// `SplitMix64`, a small, fast seeded generator (Steele, Lea and Flood,
/// "Fast splittable pseudorandom number generators", 2014).
///
/// It is snl's one generator for anything that must be reproducible from a
/// seed: random boards, the seeds of the simulation's streams.
///
/// ```
/// use snl::rng::SplitMix64;
///
/// let mut rng = SplitMix64::new(1234567);
/// assert_eq!(rng.next_u64(), 6457827717110365317);
/// let roll = rng.below(6) + 1;
/// assert!((1..=6).contains(&roll));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

/// The golden-ratio increment of `SplitMix64`.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        finish(self.state)
    }

    /// A number in `0..n`, each equally likely.
    ///
    /// # Panics
    ///
    /// When `n` is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0) has no value to return");
        // Values from `zone` up would make the low remainders more likely;
        // they are drawn again. For the small `n` boards need this almost
        // never happens, so the numbers are those of a plain `% n`.
        let zone = u64::MAX - (u64::MAX - n + 1) % n;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// The generator for item `index` of a seed: a stream of its own, far
    /// from every other item's.
    pub fn stream(seed: u64, index: u64) -> SplitMix64 {
        SplitMix64::new(SplitMix64::mix(seed) ^ SplitMix64::mix(index.wrapping_add(GAMMA)))
    }

    /// One step of `SplitMix64` as a function: a bijection on 64-bit values
    /// that changes about half the output bits for any change of the input.
    /// Used to turn neighbouring seeds into unrelated ones.
    pub fn mix(x: u64) -> u64 {
        finish(x.wrapping_add(GAMMA))
    }
}

/// `SplitMix64`'s output function (the finaliser of `MurmurHash3`, with
/// better constants).
fn finish(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
