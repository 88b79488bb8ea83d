// What nlohmann's DOM parser accepts silently: an object that names a key
// twice keeps the last value and forgets the first. A scenario that sets a
// parameter twice is an error (which one did the author mean?), so the text
// is read once more, as SAX events, before its values are used.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace irqscope::detail {

// The dotted path ("machine.cpus") of the first key an object repeats, or
// nothing. The text must already be valid JSON (parse it first).
std::optional<std::string> firstDuplicateKey(std::string_view text);

} // namespace irqscope::detail
