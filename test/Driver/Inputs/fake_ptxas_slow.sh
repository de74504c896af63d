#!/bin/sh
# A stand-in ptxas that never finishes (the timeout test stops it).
exec sleep 60
