    static int solve(int n, int[] jump) {
        int[] dist = new int[n + 1];
        Arrays.fill(dist, -1);
        dist[1] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(1));
        while (!queue.isEmpty()) {
            int s = queue.poll();
            for (int r = 1; r <= 6 && s + r <= n; r++) {
                int t = jump[s + r] > 0 ? jump[s + r] : s + r;
                if (dist[t] == -1) {
                    dist[t] = dist[s] + 1;
                    queue.add(t);
                }
            }
        }
        return dist[n];
    }
