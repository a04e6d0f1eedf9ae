function solve(n, jump) {
  const prev = new Array(n + 1).fill(null);
  prev[1] = [0, 0];
  const queue = [1];
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i];
    for (let r = 1; r <= 6 && s + r <= n; r++) {
      const t = jump[s + r] || s + r;
      if (prev[t] === null) {
        prev[t] = [s, r];
        queue.push(t);
      }
    }
  }
  if (prev[n] === null) return null;
  const rolls = [];
  for (let t = n; t !== 1; ) {
    const [s, r] = prev[t];
    rolls.push(r);
    t = s;
  }
  return rolls.reverse();
}
