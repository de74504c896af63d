# A stand-in prelude module for prelude_dir.test: TIRX_PRELUDE_DIR picks it.
MARK = 7
