int solve(int n, const std::vector<int>& jump) {
    std::vector<int> dist(n + 1, -1);
    dist[1] = 0;
    std::vector<int> queue{1};
    for (size_t i = 0; i < queue.size(); i++) {
        int s = queue[i];
        for (int r = 1; r <= 6 && s + r <= n; r++) {
            int t = jump[s + r] > 0 ? jump[s + r] : s + r;
            if (dist[t] == -1) {
                dist[t] = dist[s] + 1;
                queue.push_back(t);
            }
        }
    }
    return dist[n];
}
