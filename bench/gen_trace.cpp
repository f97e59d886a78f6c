// gen_trace - writes a large synthetic rocprofv3 --att tree for benchmarks.
//
//   gen_trace OUTDIR RECORDS [SHADER_ENGINES=4] [WAVES_PER_SE=2048]
//
// One trace directory with one shaderdata file per shader engine, waves
// interleaved in time, each wave running nested function and user scopes
// (and a point now and then) of one kernel in code object 1, whose minimal
// ELF with a .sqtt_funcmap is written too. Every file says it is synthetic.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace {

void writeCodeObject(const std::string &Path) {
  const std::string Map = "K:bench_kernel\nF:1:_Z5outerv\nF:2:_Z5innerv\nU:3:load\nU:4:compute\n"
                          "P:5:checkpoint\n";
  std::string Data = Map + '\0', Names = std::string("\0.sqtt_funcmap\0.shstrtab\0", 25);
  std::vector<unsigned char> Elf(64, 0);
  std::memcpy(Elf.data(), "\x7f" "ELF\x02\x01\x01", 7);
  auto Put16 = [&](size_t Off, uint16_t V) { std::memcpy(&Elf[Off], &V, 2); };
  auto Put32 = [&](size_t Off, uint32_t V) { std::memcpy(&Elf[Off], &V, 4); };
  auto Put64 = [&](size_t Off, uint64_t V) { std::memcpy(&Elf[Off], &V, 8); };
  Put16(0x10, 3);
  Put16(0x12, 224);
  Put32(0x14, 1);
  Put32(0x30, 0x04C);
  Elf.insert(Elf.end(), Data.begin(), Data.end());
  Elf.insert(Elf.end(), Names.begin(), Names.end());
  while (Elf.size() % 8)
    Elf.push_back(0);
  uint64_t ShOff = Elf.size();
  Elf.resize(Elf.size() + 3 * 64, 0);
  auto Section = [&](int I, uint32_t Name, uint32_t Type, uint64_t Off, uint64_t Size) {
    size_t H = ShOff + I * 64;
    Put32(H, Name);
    Put32(H + 4, Type);
    Put64(H + 0x18, Off);
    Put64(H + 0x20, Size);
  };
  Section(1, 1, 1, 64, Data.size());
  Section(2, 15, 3, 64 + Data.size(), Names.size());
  Put64(0x28, ShOff);
  Put16(0x3A, 64);
  Put16(0x3C, 3);
  Put16(0x3E, 2);
  FILE *F = std::fopen(Path.c_str(), "wb");
  std::fwrite(Elf.data(), 1, Elf.size(), F);
  std::fclose(F);
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: gen_trace OUTDIR RECORDS [SHADER_ENGINES] [WAVES_PER_SE]\n");
    return 2;
  }
  std::string Out = argv[1];
  uint64_t Records = std::strtoull(argv[2], nullptr, 10);
  int SEs = argc > 3 ? std::atoi(argv[3]) : 4;
  int WavesPerSE = argc > 4 ? std::atoi(argv[4]) : 2048;
  std::string Ui = Out + "/ui_output_agent_1_dispatch_1";
  mkdir(Out.c_str(), 0755);
  mkdir(Ui.c_str(), 0755);
  writeCodeObject(Out + "/1234_gfx942_code_object_id_1.out");

  // A wave repeats: enter outer, enter load, exit, enter compute (fused),
  // enter inner, point, exit, exit, exit: 8 records per iteration.
  const uint32_t Pattern[] = {6, 14, 19, 10, 20, 1, 1, 1};
  uint64_t PerSE = Records / SEs;
  std::string Listing = "{\"note\":\"synthetic benchmark data\",\"global_begin_time\":0,\"gfxv\":\"vega\","
                        "\"gfxip\":9,\"version\":\"3.1.0\",\"shaderdata_filenames\":{";
  std::string Occupancy = "{\"note\":\"synthetic benchmark data\",\"dispatches\":{\"1\":\"bench_kernel\"}";
  for (int SE = 0; SE < SEs; ++SE) {
    std::string Name = "shaderdata_" + std::to_string(SE) + "_0.json";
    FILE *F = std::fopen((Ui + "/" + Name).c_str(), "w");
    std::vector<char> Buf(1 << 20);
    std::setvbuf(F, Buf.data(), _IOFBF, Buf.size());
    std::fprintf(F, "{\"type\":\"shaderdata\",\"note\":\"synthetic benchmark data\",\"records_schema\":"
                    "[\"time\",\"value\",\"cu\",\"simd\",\"wave_id\",\"flags\"],\"records_count\":%llu,"
                    "\"records\":[",
                 (unsigned long long)PerSE);
    for (uint64_t I = 0; I < PerSE; ++I) {
      int Wave = int(I % WavesPerSE);
      uint64_t Step = I / WavesPerSE;
      int CU = Wave / 64, SIMD = (Wave / 16) % 4, Slot = Wave % 16;
      uint64_t Time = 1000 + Step * 37 + (Wave % 7);
      std::fprintf(F, "%s[%llu,%u,%d,%d,%d,0]", I ? ",\n" : "", (unsigned long long)Time,
                   Pattern[Step % 8], CU, SIMD, Slot);
    }
    std::fprintf(F, "]}\n");
    std::fclose(F);
    Listing += std::string(SE ? "," : "") + "\"" + std::to_string(SE) + "\":[[\"" + Name + "\",0,0]]";
    Occupancy += ",\"" + std::to_string(SE) + "\":[";
    for (int W = 0; W < WavesPerSE; ++W)
      Occupancy += std::string(W ? "," : "") + "[0," + std::to_string(W / 64) + "," +
                   std::to_string((W / 16) % 4) + "," + std::to_string(W % 16) + ",1,1]";
    Occupancy += "]";
  }
  Listing += "}}\n";
  Occupancy += "}\n";
  FILE *L = std::fopen((Ui + "/filenames.json").c_str(), "w");
  std::fputs(Listing.c_str(), L);
  std::fclose(L);
  FILE *O = std::fopen((Ui + "/occupancy.json").c_str(), "w");
  std::fputs(Occupancy.c_str(), O);
  std::fclose(O);
  return 0;
}
