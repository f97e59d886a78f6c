// InstructionConsumer.h - joins a wave's instruction records (the target CU's
// wave files) with the scopes the walk found on the same wave: each
// instruction, and each stretch of the wave's timeline states, belongs to
// the innermost scope open when it happened. The library's own header, not
// installed.
#pragma once

#include "analysis/WaveWalk.h"
#include "sqtt/trace/InstructionStats.h"

#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace sqtt {

/// code.json lines as interned names, made once per line that is used.
class LineNames {
public:
  LineNames(const InstructionCapture &Capture, NameTable &Names) : Capture(Capture), Names(Names) {}
  const InstructionStats::LineId &of(uint32_t Line) {
    // Lines of the listing by index; any other a wave file names (no
    // listing, or a line beyond it) by lookup, so no line number sizes a table.
    if (Ids.size() < Capture.Lines.size())
      Ids.resize(Capture.Lines.size());
    Slot &S = Line < Ids.size() ? Ids[Line] : Others[Line];
    if (!S.Made) {
      if (const CodeLine *L = Capture.line(Line)) {
        S.Id = {Names.intern(L->Isa.empty() ? "line " + std::to_string(Line) : L->Isa), Names.intern(L->Source),
                L->CodeObject, L->Vaddr, L->Inserted};
      } else {
        S.Id = {Names.intern("line " + std::to_string(Line)), Names.intern(""), 0, 0};
      }
      S.Made = true;
    }
    return S.Id;
  }

private:
  struct Slot {
    InstructionStats::LineId Id;
    bool Made = false;
  };
  const InstructionCapture &Capture;
  NameTable &Names;
  std::vector<Slot> Ids;
  std::unordered_map<uint32_t, Slot> Others;
};

/// The wave file of the walked wave \p W: the one its occupancy launch falls
/// in (the files' begin is the launch), else the one its first header falls
/// in (a file that begins a little after the launch).
inline const WaveInstructions *waveFileOf(const InstructionCapture &Capture, const WaveStart &W) {
  if (W.Span)
    if (const WaveInstructions *F = Capture.waveAt(W.Wave.Slot, W.Span->Launch))
      return F;
  return Capture.waveAt(W.Wave.Slot, W.Key.Time);
}

/// From \p Time on, the wave's innermost scope is \p Scope.
struct ScopeChange {
  int64_t Time;
  InstructionStats::Key Scope;
};

/// Adds wave \p W's instructions and timeline states to \p Out, each to the
/// scope of the last change at or before its time (\p Before until the first).
inline void attributeWave(const WaveInstructions &W, const std::vector<ScopeChange> &Changes,
                          const InstructionStats::Key &Before, uint64_t Serial, uint32_t Dir,
                          LineNames &Lines, InstructionStats &Out) {
  size_t C = 0;
  const InstructionStats::Key *Current = &Before;
  auto AdvanceTo = [&](int64_t Time) {
    while (C < Changes.size() && Changes[C].Time <= Time)
      Current = &Changes[C++].Scope;
  };
  for (const WaveInstruction &I : W.Instructions) {
    AdvanceTo(I.Time);
    Out.instruction(*Current, I, Lines.of(I.Line));
    Out.wave(*Current, Serial, Dir);
  }
  // A state span is cut where the scope changes inside it.
  C = 0, Current = &Before;
  for (const WaveStateSpan &S : W.States) {
    int64_t At = S.Begin, End = S.Begin + int64_t(S.Duration);
    AdvanceTo(At);
    while (At < End) {
      int64_t Cut = C < Changes.size() ? std::min(End, Changes[C].Time) : End;
      if (Cut > At)
        Out.state(*Current, S.State, uint64_t(Cut - At));
      At = std::max(At, Cut);
      AdvanceTo(At);
    }
  }
}

/// Interleaves wave \p W's instructions as slices with the wave's timeline
/// \p Events (in time order), into \p Out. An instruction goes after the
/// events at or before its time, so it nests in the innermost scope open
/// then, and ends at its own end, the next instruction's issue or the next
/// event, whichever comes first: slices on one track must nest, and the
/// events stay in time order. Its full duration is one of its payloads.
inline void interleaveInstructions(const std::vector<TimelineEvent> &Events, const WaveInstructions &W,
                                   LineNames &Lines, std::vector<TimelineEvent> &Out) {
  Out.clear();
  size_t E = 0;
  int64_t Dispatch = Events.empty() ? 0 : Events.front().Dispatch;
  const std::vector<WaveInstruction> &Is = W.Instructions;
  for (size_t K = 0; K < Is.size(); ++K) {
    const WaveInstruction &I = Is[K];
    for (; E < Events.size() && Events[E].Time <= I.Time; ++E) {
      Out.push_back(Events[E]);
      Dispatch = Events[E].Dispatch;
    }
    // Payloads belong to the event before them, at its time.
    int64_t End = I.Time + int64_t(I.Duration);
    if (K + 1 < Is.size())
      End = std::min(End, Is[K + 1].Time);
    if (E < Events.size())
      End = std::min(End, Events[E].Time);
    const InstructionStats::LineId &Line = Lines.of(I.Line);
    TimelineEvent B;
    B.Time = I.Time, B.Dispatch = Dispatch, B.Name = Line.Isa, B.MarkerID = I.Line, B.SourceLoc = Line.Source;
    B.Ph = TimelineEvent::Begin, B.Category = EventCategory::Instruction;
    Out.push_back(B);
    TimelineEvent P = B;
    P.Ph = TimelineEvent::Payload;
    // The fourth payload: whether the plugin inserted the instruction.
    for (uint32_t V : {uint32_t(I.Category), I.Stall, I.Duration, uint32_t(Line.Inserted)}) {
      P.Name = V;
      Out.push_back(P);
    }
    TimelineEvent X = B;
    X.Ph = TimelineEvent::End, X.Time = End, X.Name = 0, X.MarkerID = 0;
    Out.push_back(X);
  }
  Out.insert(Out.end(), Events.begin() + std::ptrdiff_t(E), Events.end());
}

/// The wave walk's consumer for sqtt-stats --instructions: the changes of
/// innermost scope on each wave that has a wave file, joined at the wave's end.
class InstructionConsumer {
public:
  InstructionConsumer(const InstructionCapture &Capture, NameTable &Names, DispatchTable &Dispatches,
                      InstructionStats &Out, uint32_t DirName)
      : Capture(Capture), Dispatches(Dispatches), Out(Out), Lines(Capture, Names), DirName(DirName),
        NoScope(Names.intern("(no scope)")) {}

  void beginWave(const WaveStart &W) {
    File = waveFileOf(Capture, W);
    Serial = W.Serial;
    Changes.clear();
    Open.clear();
    Kernel = Dispatches.noKernel();
    FirstKernel.reset();
  }
  void beginDispatch(int64_t, const ResolvedDispatch *D) {
    Kernel = D ? D->Kernel : Dispatches.noKernel();
    if (!FirstKernel)
      FirstKernel = Kernel;
  }
  void selfTime(uint64_t) {}
  void enter(uint32_t Name, MarkerType Type, const DecodedMarker &, int64_t Time) {
    if (!File)
      return;
    Open.push_back({Kernel, Name, Type == MarkerType::User ? StatKind::User : StatKind::Function});
    Changes.push_back({Time, Open.back()});
  }
  void exit(int64_t Time) {
    if (!File)
      return;
    Open.pop_back();
    Changes.push_back({Time, Open.empty() ? outside() : Open.back()});
  }
  void point(uint32_t, const DecodedMarker &, int64_t, const uint32_t *, uint32_t) {}
  void closeAll(int64_t Time) {
    if (!File || Open.empty())
      return;
    Open.clear();
    Changes.push_back({Time, outside()});
  }
  void endWave(uint64_t) {
    if (!File)
      return;
    if (Joined.insert(File).second) {
      ++Out.JoinedWaves;
      attributeWave(*File, Changes, {FirstKernel.value_or(Kernel), NoScope, StatKind::Kernel}, Serial, DirName,
                    Lines, Out);
    }
  }

  /// After every engine: wave files whose wave recorded no marker count
  /// whole for their dispatch's kernel.
  void finish(const Occupancy &Occ, uint64_t &WaveSerial) {
    for (const WaveInstructions &W : Capture.Waves) {
      if (Joined.count(&W))
        continue;
      uint32_t Of = Dispatches.noKernel();
      SpanCursor Cursor(Occ, W.slot());
      if (const WaveSpan *S = Cursor.at(W.Begin)) {
        const ResolvedDispatch &D = Dispatches.of(S->Dispatch, false);
        if (!D.KernelMatches || !D.DispatchMatches)
          continue; // --kernel / --dispatch leave it out
        Of = D.Kernel;
      }
      ++Out.UnmarkedWaves;
      attributeWave(W, {}, {Of, NoScope, StatKind::Kernel}, ++WaveSerial, DirName, Lines, Out);
    }
  }

private:
  InstructionStats::Key outside() const { return {Kernel, NoScope, StatKind::Kernel}; }

  const InstructionCapture &Capture;
  DispatchTable &Dispatches;
  InstructionStats &Out;
  LineNames Lines;
  uint32_t DirName, NoScope;
  const WaveInstructions *File = nullptr;
  uint64_t Serial = 0;
  uint32_t Kernel = 0;
  std::optional<uint32_t> FirstKernel;
  std::vector<InstructionStats::Key> Open;
  std::vector<ScopeChange> Changes;
  std::unordered_set<const WaveInstructions *> Joined;
};

} // namespace sqtt
