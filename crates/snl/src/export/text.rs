//! Text the forms share: exact chances as fractions, and lines safe in a
//! comment.

/// `weight / total` in lowest terms, `1` for the whole.
pub(super) fn fraction(weight: u64, total: u64) -> String {
    let (n, d) = gcd_pair(weight, total);
    if d == 1 {
        n.to_string()
    } else {
        format!("{n}/{d}")
    }
}

/// `weight / total` in lowest terms, as its numerator and denominator.
pub(super) fn gcd_pair(weight: u64, total: u64) -> (u64, u64) {
    let g = gcd(weight, total);
    (weight / g, total / g)
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// A line of text with its control characters (a comment's end) replaced.
pub(super) fn plain(line: &str) -> String {
    line.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_are_in_lowest_terms() {
        assert_eq!(fraction(2, 6), "1/3");
        assert_eq!(fraction(6, 6), "1");
        assert_eq!(fraction(5, 36), "5/36");
    }
}
