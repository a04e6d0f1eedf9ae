    static List<Integer> solve(int n, int[] jump) {
        int[] from = new int[n + 1];
        int[] roll = new int[n + 1];
        from[1] = -1;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(1));
        while (!queue.isEmpty()) {
            int s = queue.poll();
            for (int r = 1; r <= 6 && s + r <= n; r++) {
                int t = jump[s + r] > 0 ? jump[s + r] : s + r;
                if (from[t] == 0) {
                    from[t] = s;
                    roll[t] = r;
                    queue.add(t);
                }
            }
        }
        if (from[n] == 0) return null;
        LinkedList<Integer> rolls = new LinkedList<>();
        for (int t = n; t != 1; t = from[t]) rolls.addFirst(roll[t]);
        return rolls;
    }
