x = [1]
for i in range(40):
    x = [x, x]
y = str(x)
