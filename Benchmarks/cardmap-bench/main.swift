// cardmap-bench: measures CardMap against the real alternatives in one run (see README).
import CardMap

print("cardmap-bench: no benchmarks yet")
