// The GeoJSON reader's rival in cardmap-bench: simdjson's On-Demand API (Debian's libsimdjson-dev)
// walking a FeatureCollection of LineStrings and collecting every position's longitude and latitude
// into two arrays, as CardMap's reader does. The bench compiles it with `c++ -O3` when the library
// is installed and skips it, saying so, where it is not.
//
//   walk-positions FILE ROUNDS   prints "positions MB_per_second implementation" (best round)
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: walk-positions FILE ROUNDS\n");
    return 64;
  }
  simdjson::padded_string json;
  if (simdjson::padded_string::load(argv[1]).get(json)) {
    std::fprintf(stderr, "walk-positions: cannot read %s\n", argv[1]);
    return 66;
  }
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
