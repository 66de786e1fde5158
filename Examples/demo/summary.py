#!/usr/bin/env python3
"""`make demo`'s summary: the JSON of `cardmap fit` (on stdin) in a few lines a person reads.

    cardmap fit route.geojson --device iphone-14 | python3 Examples/demo/summary.py iphone-14
"""
import json
import sys


def main():
    device = sys.argv[1] if len(sys.argv) > 1 else "the screen"
    fit = json.load(sys.stdin)
    layout, camera, content = fit["layout"], fit["camera"], fit["content"]
    insets, visible = layout["mapInsets"], layout["visibleRect"]
    # The camera's padding: the map's insets, grown where the fit keeps clear of an overlay.
    padding = camera.get("padding") or insets
    w, s, e, n = content["bbox"]
    print("On %s the card is a %s, %s (its top at %g pt)." % (
        device, layout["presentation"], layout["position"], layout["card"]["y"]))
    print("The map's insets are top %g, left %g, bottom %g, right %g: the visible rect is %g × %g pt." % (
        insets["top"], insets["left"], insets["bottom"], insets["right"], visible["width"], visible["height"]))
    print("%d features (%d positions, %.4f,%.4f to %.4f,%.4f) fit it at zoom %.2f around %.5f, %.5f." % (
        content["features"], content["positions"], w, s, e, n, camera["zoom"], camera["focus"][0], camera["focus"][1]))
    print("In MapLibre GL JS: map.jumpTo({center: [%.5f, %.5f], zoom: %.3f, padding: {top: %g, left: %g, "
          "bottom: %g, right: %g}})" % (camera["focus"][0], camera["focus"][1], camera["zoom"], padding["top"],
                                        padding["left"], padding["bottom"], padding["right"]))


if __name__ == "__main__":
    main()
