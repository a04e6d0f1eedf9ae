//! The die, sampled with one 64-bit random number a roll.

use rand_core::Rng;

use crate::rules::Die;

/// Draws faces of a weighted die with one 64-bit random number per roll.
///
/// An alias table (Vose's method, in integer arithmetic): the random number
/// times the number of faces picks a column by its high 64 bits, and its low
/// 64 bits, compared with the column's cut, choose between the column's face
/// and its alias. Each face comes up with its weight's share to within
/// 2⁻⁶⁴ per face, with no division and no floating point per roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieSampler {
    /// The face values, by column.
    values: Vec<u32>,
    /// `cut[c]`: the column keeps its own face when the low bits are below
    /// this. `u64::MAX` for columns whose alias is themselves.
    cut: Vec<u64>,
    /// `alias[c]`: the other face of column `c`.
    alias: Vec<u32>,
}

impl DieSampler {
    /// The sampler for `die`, over the faces with a weight above zero.
    pub fn new(die: &Die) -> DieSampler {
        let faces: Vec<(u32, u64)> = die.faces().collect();
        let k = faces.len();
        let total = u128::from(die.total());
        let values = faces.iter().map(|&(v, _)| v).collect();
        let mut cut = vec![u64::MAX; k];
        let mut alias: Vec<u32> = (0..k as u32).collect();
        // Column c holds weight `scaled[c] / total` of one column's worth;
        // each column must end up holding exactly one.
        let mut scaled: Vec<u128> = faces
            .iter()
            .map(|&(_, w)| u128::from(w) * k as u128)
            .collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) =
            (0..k).partition(|&c| scaled[c] < total);
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            // scaled[s] < total <= 2^64, so the shift fits in 128 bits.
            cut[s] = ((scaled[s] << 64) / total) as u64;
            alias[s] = l as u32;
            scaled[l] -= total - scaled[s];
            if scaled[l] < total {
                large.pop();
                small.push(l);
            }
        }
        DieSampler { values, cut, alias }
    }

    /// The number of faces (columns).
    pub fn faces(&self) -> usize {
        self.values.len()
    }

    /// The face values, in the order [`DieSampler::index`] numbers them.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The face (an index into [`DieSampler::values`]) that the random
    /// number `x` draws.
    #[inline]
    pub fn index(&self, x: u64) -> usize {
        let wide = u128::from(x) * self.values.len() as u128;
        let column = (wide >> 64) as usize;
        if (wide as u64) < self.cut[column] {
            column
        } else {
            self.alias[column] as usize
        }
    }

    /// One roll of the die.
    #[inline]
    pub fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> u32 {
        self.values[self.index(rng.next_u64())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alias_table_matches_the_weights() {
        let die = Die::weighted(vec![1, 0, 3, 2, 0, 10]).unwrap();
        let s = DieSampler::new(&die);
        assert_eq!(s.values(), &[1, 3, 4, 6]);
        // Sweep x over evenly spaced points: the share of each face is its
        // weight's share up to the spacing.
        let steps = 1u64 << 20;
        let mut count = [0u64; 7];
        for i in 0..steps {
            let x = i.wrapping_mul(u64::MAX / steps);
            count[s.values()[s.index(x)] as usize] += 1;
        }
        for v in 1..=6 {
            let share = count[v as usize] as f64 / steps as f64;
            assert!(
                (share - die.probability(v)).abs() < 1e-5,
                "face {v}: {share} vs {}",
                die.probability(v)
            );
        }
    }

    #[test]
    fn uniform_die_needs_no_alias() {
        let s = DieSampler::new(&Die::uniform(6).unwrap());
        assert_eq!(s.index(0), 0);
        assert_eq!(s.index(u64::MAX), 5);
        assert_eq!(s.index(u64::MAX / 6 + 1), 1);
        assert!(s.cut.iter().all(|&c| c == u64::MAX));
    }
}
