x = [0] * 1000000
for i in range(40):
    x = x + x
