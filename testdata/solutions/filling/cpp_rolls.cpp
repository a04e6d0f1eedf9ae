std::optional<std::vector<int>> solve(int n, const std::vector<int>& jump) {
    std::vector<int> from(n + 1, 0), roll(n + 1, 0);
    from[1] = -1;
    std::vector<int> queue{1};
    for (size_t i = 0; i < queue.size(); i++) {
        int s = queue[i];
        for (int r = 1; r <= 6 && s + r <= n; r++) {
            int t = jump[s + r] > 0 ? jump[s + r] : s + r;
            if (from[t] == 0) {
                from[t] = s;
                roll[t] = r;
                queue.push_back(t);
            }
        }
    }
    if (from[n] == 0) return std::nullopt;
    std::vector<int> rolls;
    for (int t = n; t != 1; t = from[t]) rolls.insert(rolls.begin(), roll[t]);
    return rolls;
}
