// map_rows CODE_OBJECT - prints the rows of a code object's marker map
// through the installed decoder headers, one "<type>:<id>:<name>" per line.
#include <rocprof_trace_decoder/cxx/code_printing.hpp>

#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: map_rows CODE_OBJECT\n";
    return 2;
  }
  std::ifstream In(argv[1], std::ios::binary);
  std::vector<char> Image((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  if (!In.eof() && In.fail()) {
    std::cerr << "map_rows: error: " << argv[1] << ": cannot read\n";
    return 1;
  }
  namespace co = rocprof_trace_decoder::codeobj;
  co::Funcmap Map = co::parse_funcmap_section(Image.data(), Image.size());
  if (Map.entries.empty()) {
    std::cerr << "map_rows: error: " << argv[1] << ": no .sqtt_funcmap rows\n";
    return 1;
  }
  for (const co::FuncmapEntry &E : Map.entries)
    std::cout << "FKUP"[static_cast<int>(E.type)] << ':' << E.id << ':' << E.name << '\n';
  return 0;
}
