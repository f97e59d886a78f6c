// att-splice - a test tool: shader-data records spliced into a real .att
// buffer, each before the first token at or after its time, so that the
// tools read known markers from a real stream.
//
//   att-splice IN.att RECORDS OUT.att
//
// RECORDS: lines "data <time> <cu> <simd> <slot> <value> <flags>" (the
// sqtt-dump-att format); other lines are ignored.
#include "sqtt/rawatt/AttStream.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/MappedFile.h"

#include <fstream>
#include <iostream>
#include <sstream>

int main(int argc, char **argv) {
  if (argc != 4) {
    std::cerr << "usage: att-splice IN.att RECORDS OUT.att\n";
    return 2;
  }
  try {
    sqtt::MappedFile In(argv[1]);
    std::vector<sqtt::rawatt::SplicedRecord> Records;
    std::ifstream List(argv[2]);
    std::string Line;
    while (std::getline(List, Line)) {
      std::istringstream L(Line);
      std::string Kind;
      long long Time;
      unsigned CU, SIMD, Slot, Flags;
      unsigned long Value;
      if (!(L >> Kind) || Kind != "data" || !(L >> Time >> CU >> SIMD >> Slot >> Value >> Flags))
        continue;
      Records.push_back({Time, {Time, uint32_t(Value), uint8_t(CU), uint8_t(SIMD), uint8_t(Slot), uint8_t(Flags)}});
    }
    std::string Out = sqtt::rawatt::spliceRecords(
        std::string_view(reinterpret_cast<const char *>(In.data()), In.size()), argv[1], Records);
    std::ofstream(argv[3], std::ios::binary).write(Out.data(), std::streamsize(Out.size()));
    std::cerr << "att-splice: " << Records.size() << " records into " << argv[3] << "\n";
  } catch (const std::exception &E) {
    std::cerr << "att-splice: error: " << E.what() << "\n";
    return 1;
  }
  return 0;
}
