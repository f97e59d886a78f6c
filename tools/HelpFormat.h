// HelpFormat.h - the one --help of every tool, read like the help of the
// tools people know: a usage line with the tool's name, the description,
// "-h, --help" names with a metavariable (N, FILE, DIR, a|b|c) instead of
// CLI11's parser tags ("INT:INT in [0 - 255]", "TEXT:{a,b}"), each option's
// default, what the tool writes when no option says otherwise, examples
// and the exit statuses, all wrapped to 80 columns.
//
// Each tool gives its own ToolHelp; parseCommandLine (ToolMain.h) installs
// the formatter, so no tool can print CLI11's default help.
#pragma once

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace sqtt {

/// What a tool's --help says beyond its options.
struct ToolHelp {
  /// Where the output goes when no option says otherwise: stdout, and every
  /// file written without being named.
  std::string Writes;
  /// Command lines, each with what it does.
  std::vector<std::pair<std::string, std::string>> Examples;
  /// Each exit status and when the tool returns it.
  std::vector<std::pair<int, std::string>> ExitStatus;
};

namespace help {

constexpr size_t Width = 80;
constexpr size_t DescColumn = 26; // option descriptions start here

/// \p Text wrapped to Width, continuing a line the caller has filled to
/// column \p Used; the lines it adds start at column \p Indent. A newline
/// in \p Text starts a new line; a word longer than a line gets one of its
/// own.
inline std::string wrap(const std::string &Text, size_t Indent, size_t Used) {
  std::string Out;
  size_t Column = Used;
  bool LineEmpty = true;
  auto NewLine = [&] {
    while (!Out.empty() && Out.back() == ' ')
      Out.pop_back();
    Out += '\n' + std::string(Indent, ' ');
    Column = Indent;
    LineEmpty = true;
  };
  std::istringstream Lines(Text);
  std::string Line;
  bool FirstLine = true;
  while (std::getline(Lines, Line)) {
    if (!FirstLine)
      NewLine();
    FirstLine = false;
    std::istringstream Words(Line);
    std::string Word;
    while (Words >> Word) {
      if (!LineEmpty && Column + 1 + Word.size() > Width)
        NewLine();
      if (!LineEmpty) {
        Out += ' ';
        ++Column;
      }
      Out += Word;
      Column += Word.size();
      LineEmpty = false;
    }
  }
  return Out;
}

/// CLI11's names for the types it parses: never shown.
inline bool isParserTag(const std::string &Name) {
  static const std::set<std::string> Tags = {"TEXT", "INT", "UINT", "FLOAT", "NUMBER", "BOOLEAN", "CHAR", "ENUM"};
  return Name.empty() || Tags.count(Name);
}

/// The option's type name as the tool set it, without the descriptions
/// CLI11 appends for its validators; \p Choices gets an IsMember's set as
/// "a|b|c".
inline std::string declaredTypeName(const CLI::Option *Opt, std::string &Choices) {
  std::string Name = Opt->get_type_name();
  // Validators are read, never changed: CLI11 has no const accessor, and
  // says where the list ends by throwing.
  auto *Mutable = const_cast<CLI::Option *>(Opt);
  std::vector<std::string> Descriptions;
  try {
    for (int I = 0;; ++I)
      Descriptions.push_back(Mutable->get_validator(I)->get_description());
  } catch (const CLI::OptionNotFound &) {
  }
  for (auto It = Descriptions.rbegin(); It != Descriptions.rend(); ++It) {
    if (It->empty())
      continue;
    std::string Suffix = ":" + *It;
    if (Name.size() >= Suffix.size() && Name.compare(Name.size() - Suffix.size(), Suffix.size(), Suffix) == 0)
      Name.erase(Name.size() - Suffix.size());
    if (It->size() > 2 && It->front() == '{' && It->back() == '}') {
      Choices = It->substr(1, It->size() - 2);
      std::replace(Choices.begin(), Choices.end(), ',', '|');
    }
  }
  return Name;
}

/// The placeholder for an option's value: what the tool declared, else the
/// choices, else N or VALUE by what the option parses.
inline std::string metavariable(const CLI::Option *Opt) {
  std::string Choices;
  std::string Declared = declaredTypeName(Opt, Choices);
  if (!isParserTag(Declared))
    return Declared;
  if (!Choices.empty())
    return Choices;
  if (Declared == "INT" || Declared == "UINT")
    return "N";
  if (Declared == "FLOAT" || Declared == "NUMBER")
    return "X";
  return "VALUE";
}

/// Flags expect no value ("--waves [N]" may take one).
inline bool takesValue(const CLI::Option *Opt) { return Opt->get_expected_max() != 0; }
inline bool takesSeveral(const CLI::Option *Opt) {
  return Opt->get_expected_max() >= CLI::detail::expected_max_vector_size;
}

/// "-o, --output DIR", "--waves [N]", "-c, --code-objects FILE...".
inline std::string optionNames(const CLI::Option *Opt) {
  std::string Names;
  for (const std::string &S : Opt->get_snames())
    Names += (Names.empty() ? "-" : ", -") + S;
  for (const std::string &L : Opt->get_lnames())
    Names += (Names.empty() ? "--" : ", --") + L;
  if (!takesValue(Opt))
    return Names;
  std::string Value = metavariable(Opt) + (takesSeveral(Opt) ? "..." : "");
  return Names + (Opt->get_expected_min() == 0 ? " [" + Value + "]" : " " + Value);
}

/// A positional's placeholder: its declared name, else its name in capitals.
inline std::string positionalName(const CLI::Option *Opt) {
  std::string Choices;
  std::string Name = declaredTypeName(Opt, Choices);
  if (isParserTag(Name)) {
    Name = Opt->get_name(true, false);
    std::transform(Name.begin(), Name.end(), Name.begin(), [](unsigned char C) { return std::toupper(C); });
  }
  return Name + (takesSeveral(Opt) ? "..." : "");
}

/// The description, with the default unless the description gives it.
inline std::string optionDescription(const CLI::Option *Opt) {
  std::string Desc = Opt->get_description();
  std::string Default = Opt->get_default_str();
  if (takesValue(Opt) && !Default.empty() && Desc.find("default") == std::string::npos)
    Desc += " (default: " + Default + ")";
  return Desc;
}

/// One entry: names, then the description at DescColumn (on the next line
/// when the names reach it).
inline std::string entry(const std::string &Names, const std::string &Desc) {
  std::string Out = "  " + Names;
  if (Out.size() + 2 > DescColumn)
    Out += '\n' + std::string(DescColumn, ' ');
  else
    Out += std::string(DescColumn - Out.size(), ' ');
  return Out + wrap(Desc, DescColumn, DescColumn) + '\n';
}

} // namespace help

/// Formats every tool's --help (see the top of this file).
class HelpFormatter : public CLI::FormatterBase {
public:
  HelpFormatter(std::string Tool, ToolHelp Help) : Tool(std::move(Tool)), Help(std::move(Help)) {}

  std::string make_help(const CLI::App *App, std::string, CLI::AppFormatMode) const override {
    using namespace help;
    std::vector<const CLI::Option *> Positionals, Common;
    std::vector<std::pair<std::string, std::vector<const CLI::Option *>>> Groups;
    for (const CLI::Option *Opt : App->get_options()) {
      if (Opt->get_positional()) {
        Positionals.push_back(Opt);
        continue;
      }
      // Help and version last, where every tool has them.
      if (Opt == App->get_help_ptr() || Opt == App->get_version_ptr()) {
        Common.push_back(Opt);
        continue;
      }
      auto G = std::find_if(Groups.begin(), Groups.end(), [&](const auto &P) { return P.first == Opt->get_group(); });
      if (G == Groups.end())
        G = Groups.insert(Groups.end(), {Opt->get_group(), {}});
      G->second.push_back(Opt);
    }
    // The tool's own options before those it shares with other tools.
    std::stable_partition(Groups.begin(), Groups.end(), [](const auto &G) { return G.first == "Options"; });

    std::string Out;
    std::string Usage = "Usage: " + Tool + " [OPTIONS]";
    for (const auto &G : Groups)
      for (const CLI::Option *Opt : G.second)
        if (Opt->get_required())
          Usage += " " + (Opt->get_snames().empty() ? "--" + Opt->get_lnames().front() : "-" + Opt->get_snames().front()) +
                   " " + metavariable(Opt) + (takesSeveral(Opt) ? "..." : "");
    for (const CLI::Option *Opt : Positionals)
      Usage += " " + (Opt->get_required() ? positionalName(Opt) : "[" + positionalName(Opt) + "]");
    Out += wrap(Usage, 7, 0) + "\n\n";
    Out += wrap(App->get_description(), 0, 0) + "\n";

    if (!Positionals.empty()) {
      Out += "\nArguments:\n";
      for (const CLI::Option *Opt : Positionals)
        Out += entry(positionalName(Opt), Opt->get_description());
    }
    for (auto &[Name, Options] : Groups) {
      if (Name == "Options")
        Options.insert(Options.end(), Common.begin(), Common.end());
      Out += "\n" + Name + ":\n";
      for (const CLI::Option *Opt : Options)
        Out += entry(optionNames(Opt), optionDescription(Opt));
    }
    if (!Help.Writes.empty())
      Out += "\nOutput:\n  " + wrap(Help.Writes, 2, 2) + "\n";
    if (!Help.Examples.empty()) {
      Out += "\nExamples:\n";
      for (const auto &[Command, What] : Help.Examples)
        Out += "  " + wrap(Command, 4, 2) + "\n      " + wrap(What, 6, 6) + "\n";
    }
    if (!Help.ExitStatus.empty()) {
      Out += "\nExit status:\n";
      for (const auto &[Status, When] : Help.ExitStatus)
        Out += "  " + std::to_string(Status) + "  " + wrap(When, 5, 5) + "\n";
    }
    return Out;
  }

private:
  std::string Tool;
  ToolHelp Help;
};

} // namespace sqtt
