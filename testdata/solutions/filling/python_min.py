def solve(n, jump):
    from collections import deque
    dist = [-1] * (n + 1)
    dist[1] = 0
    queue = deque([1])
    while queue:
        s = queue.popleft()
        for r in range(1, 7):
            t = s + r
            if t > n:
                break
            t = jump[t] or t
            if dist[t] == -1:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist[n]
