fn solve(n: usize, jump: &[usize]) -> i64 {
    let mut dist = vec![-1i64; n + 1];
    dist[1] = 0;
    let mut queue = std::collections::VecDeque::from([1usize]);
    while let Some(s) = queue.pop_front() {
        for r in 1..=6 {
            if s + r > n {
                break;
            }
            let t = if jump[s + r] > 0 { jump[s + r] } else { s + r };
            if dist[t] == -1 {
                dist[t] = dist[s] + 1;
                queue.push_back(t);
            }
        }
    }
    dist[n]
}
