x = [0] * 1000
for i in range(8):
    x = [x] * 1000
s = {x}
