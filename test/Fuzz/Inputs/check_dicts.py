"""Checks the libFuzzer dictionaries of fuzz/ (issue 25): each line a comment, blank,
or one quoted token in libFuzzer's syntax (escapes \\\\ \\" \\xHH only), and each
harness's dictionary holds the tokens that reach the paths it was made for."""
import re, sys

src = sys.argv[1]
need = {
    "eval": ['9223372036854775807', '-9223372036854775808', 'float("nan")', 'float("inf")',
             'abs(', 'round(', 'math.lcm(', 'math.floor(', '"" * ', '**'],
    "parse": ['@T.prim_func', '9223372036854775808', '"""', '(', ']'],
    "compile": ['T.int64(9223372036854775807)', '"int128"', '// -1', 'T.device_entry()\n    '],
}
tok = re.compile(r'^(?:[A-Za-z0-9_]+=)?"((?:[^"\\]|\\\\|\\"|\\x[0-9A-Fa-f]{2})*)"$')
for name, want in need.items():
    got = set()
    for n, line in enumerate(open("%s/fuzz/%s.dict" % (src, name)), 1):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        m = tok.match(line)
        if not m:
            sys.exit("fuzz/%s.dict:%d: not a libFuzzer token: %s" % (name, n, line))
        got.add(re.sub(r'\\x([0-9A-Fa-f]{2})|\\(.)', lambda x: chr(int(x.group(1), 16)) if x.group(1) else x.group(2), m.group(1)))
    missing = [w for w in want if w not in got]
    if missing:
        sys.exit("fuzz/%s.dict lacks %r" % (name, missing))
    print("%s.dict: %d tokens" % (name, len(got)))
