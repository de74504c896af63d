x = [1]
y = [1]
for i in range(60):
    x = [x, x]
    y = [y, y]
z = x == y
