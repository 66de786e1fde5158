#!/usr/bin/env python3
"""Makes the polynomial of `atanPolynomial` (Sources/MapGeometry/VectorMath.swift).

atan t = t + t·z·R(z), z = t², for |t| ≤ tan(π/8), where the kernels' range reductions leave t.
R is the degree-10 polynomial fitted by weighted least squares (weight z: the error that reaches
atan is z·ΔR) on 400 Chebyshev nodes in 60-digit arithmetic (mpmath). The script then evaluates
the double-precision polynomial exactly as the Swift code does (Estrin's scheme) on 20 000 random
arguments and prints the worst error in ulps of the correctly rounded atan, and the coefficients.

Needs mpmath and numpy (pip install mpmath numpy).  Run:  python3 Data/reference/make-atan-polynomial.py
"""
import random

import mpmath as mp
import numpy as np

mp.mp.dps = 60
DEGREE = 10
NODES = 400
Z_MAX = mp.tan(mp.pi / 8) ** 2


def remainder(z):
    """R(z) = (atan(√z)/√z − 1)/z, with its limit −1/3 at 0."""
    if z == 0:
        return mp.mpf(-1) / 3
    s = mp.sqrt(z)
    return (mp.atan(s) / s - 1) / z


def fit():
    nodes = [Z_MAX * (1 - mp.cos(mp.pi * (k + 0.5) / NODES)) / 2 for k in range(NODES)]
    a = mp.matrix(NODES, DEGREE + 1)
    b = mp.matrix(NODES, 1)
    for i, z in enumerate(nodes):
        for j in range(DEGREE + 1):
            a[i, j] = z * z**j
        b[i] = z * remainder(z)
    solution = mp.qr_solve(a, b)[0]
    return [float(solution[j]) for j in range(DEGREE + 1)]


def evaluate(c, t):
    """The Swift code's evaluation, in doubles."""
    z = t * t
    z2 = z * z
    z4 = z2 * z2
    z8 = z4 * z4
    e0, e1, e2 = c[1] * z + c[0], c[3] * z + c[2], c[5] * z + c[4]
    e3, e4 = c[7] * z + c[6], c[9] * z + c[8]
    f0, f1, f2 = e1 * z2 + e0, e3 * z2 + e2, c[10] * z2 + e4
    r = (f1 * z4 + f0) + f2 * z8
    return t * (z * r) + t


def main():
    c = fit()
    random.seed(1)
    limit = float(mp.tan(mp.pi / 8))
    worst = 0.0
    for t in [random.uniform(0, limit) for _ in range(20000)] + [1e-8, 0.1, limit]:
        exact = mp.atan(mp.mpf(t))
        worst = max(worst, abs(float(mp.mpf(evaluate(c, t)) - exact)) / np.spacing(float(exact)))
    print(f"// worst error on [0, tan(π/8)]: {worst:.2f} ulp")
    for j, value in enumerate(c):
        print(f"c{j} = {value!r}")


if __name__ == "__main__":
    main()
