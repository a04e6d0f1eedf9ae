function solve(n, jump) {
  const dist = new Array(n + 1).fill(-1);
  dist[1] = 0;
  const queue = [1];
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i];
    for (let r = 1; r <= 6 && s + r <= n; r++) {
      const t = jump[s + r] || s + r;
      if (dist[t] === -1) {
        dist[t] = dist[s] + 1;
        queue.push(t);
      }
    }
  }
  return dist[n];
}
