# input of precedence.py: `@` binds tighter than `+`
X = 2 + 3 @ 4
