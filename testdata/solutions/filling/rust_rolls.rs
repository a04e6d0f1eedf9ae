fn solve(n: usize, jump: &[usize]) -> Option<Vec<usize>> {
    let mut prev: Vec<Option<(usize, usize)>> = vec![None; n + 1];
    let mut seen = vec![false; n + 1];
    seen[1] = true;
    let mut queue = std::collections::VecDeque::from([1usize]);
    while let Some(s) = queue.pop_front() {
        for r in 1..=6 {
            if s + r > n {
                break;
            }
            let t = if jump[s + r] > 0 { jump[s + r] } else { s + r };
            if !seen[t] {
                seen[t] = true;
                prev[t] = Some((s, r));
                queue.push_back(t);
            }
        }
    }
    if !seen[n] {
        return None;
    }
    let mut rolls = Vec::new();
    let mut t = n;
    while let Some((s, r)) = prev[t] {
        rolls.push(r);
        t = s;
    }
    rolls.reverse();
    Some(rolls)
}
