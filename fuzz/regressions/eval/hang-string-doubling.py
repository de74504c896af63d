s = "a" * 1000000
for i in range(40):
    s = s + s
