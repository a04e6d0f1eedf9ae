def solve(n, jump):
    from collections import deque
    dist = [-1] * (n + 1)
    dist[1] = 0
    order, queue = [], deque([1])
    while queue:
        s = queue.popleft()
        order.append(s)
        for r in range(1, 7):
            t = s + r
            if t > n:
                break
            t = jump[t] or t
            if dist[t] == -1:
                dist[t] = dist[s] + 1
                queue.append(t)
    ways = [0] * (n + 1)
    ways[1] = 1
    for s in order:
        if s == n:
            continue
        for r in range(1, 7):
            t = s + r
            if t > n:
                break
            t = jump[t] or t
            if dist[t] == dist[s] + 1:
                ways[t] += ways[s]
    return ways[n]
