def solve(n, jump):
    from collections import deque
    prev = {1: None}
    queue = deque([1])
    while queue:
        s = queue.popleft()
        for r in range(1, 7):
            t = s + r
            if t > n:
                break
            t = jump[t] or t
            if t not in prev:
                prev[t] = (s, r)
                queue.append(t)
    if n not in prev:
        return None
    rolls, squares, t = [], [], n
    while prev[t] is not None:
        s, r = prev[t]
        rolls.append(r)
        squares.append(t)
        t = s
    return (SQUARES and squares or rolls)[::-1]
