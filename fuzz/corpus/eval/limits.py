x = [1]
for i in range(30):
    x = [x, x]
s = "ab" * 1000
while len(s) < 1 << 30:
    s = s + s
