// The GeoJSON reader's rival in cardmap-bench: simdjson's On-Demand API (Debian's libsimdjson-dev)
// walking a FeatureCollection of LineStrings and collecting every position's longitude and latitude
// into two arrays, as CardMap's reader does. The bench compiles it with `c++ -O3` when the library
// is installed and skips it, saying so, where it is not.
//
//   walk-positions FILE ROUNDS   prints "positions MB_per_second implementation" (best round)
//   walk-positions FILE bbox     one whole run, as `cardmap fit FILE` is timed end to end: reads the
//                                file, walks every position, prints the content's box as JSON
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

// The box of every position: the yardstick for `cardmap fit` (which does more: the smallest
// longitude interval, across the antimeridian if shorter, then the camera).
static int bbox(simdjson::padded_string& json) {
  simdjson::ondemand::parser parser;
  double west = 1e300, south = 1e300, east = -1e300, north = -1e300;
  size_t count = 0;
  simdjson::ondemand::document document = parser.iterate(json);
  for (simdjson::ondemand::object feature : document["features"]) {
    for (simdjson::ondemand::array position : feature["geometry"]["coordinates"]) {
      auto number = position.begin();
      double lon = double(*number);
      ++number;
      double lat = double(*number);
      west = std::min(west, lon);
      east = std::max(east, lon);
      south = std::min(south, lat);
      north = std::max(north, lat);
      count++;
    }
  }
  std::printf("{\"positions\": %zu, \"bbox\": [%.17g, %.17g, %.17g, %.17g]}\n", count, west, south, east, north);
  return 0;
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: walk-positions FILE ROUNDS|bbox\n");
    return 64;
  }
  simdjson::padded_string json;
  if (simdjson::padded_string::load(argv[1]).get(json)) {
    std::fprintf(stderr, "walk-positions: cannot read %s\n", argv[1]);
    return 66;
  }
  if (std::string(argv[2]) == "bbox") return bbox(json);
  simdjson::ondemand::parser parser;
  double best = 1e30;
  size_t count = 0;
  for (int round = 0; round < std::atoi(argv[2]); round++) {
    auto start = std::chrono::steady_clock::now();
    std::vector<double> lons, lats;
    lons.reserve(json.size() / 20);
    lats.reserve(json.size() / 20);
    simdjson::ondemand::document document = parser.iterate(json);
    for (simdjson::ondemand::object feature : document["features"]) {
      for (simdjson::ondemand::array position : feature["geometry"]["coordinates"]) {
        auto number = position.begin();
        lons.push_back(double(*number));
        ++number;
        lats.push_back(double(*number));
      }
    }
    std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    best = std::min(best, seconds.count());
    count = lons.size();
  }
  std::printf("%zu %.3f %s\n", count, json.size() / best / 1e6,
              simdjson::get_active_implementation()->name().c_str());
  return 0;
}
