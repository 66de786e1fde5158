dependencies: /work/main/Sources/CPUFeatures/CPUFeatures.c \
  /work/main/Sources/CPUFeatures/include/CPUFeatures.h
