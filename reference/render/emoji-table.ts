// Unicode emoji the renderer knows by name: "codepoints canonical_name alias…".
// Names follow the real server's emoji set (tools/setup/emoji/emoji_names.py and the
// expectations in zerver/tests/fixtures/markdown_test_cases.json, e.g. :smile: is 1f642).
// NOTE: approximation: a subset of the server's ~1800 emoji, the common ones; a name
// not listed here stays text, as an unknown name does on the server.

const TABLE = `
1f600 grinning happy
1f603 smiley
1f604 big_smile
1f606 laughing lol
1f605 sweat_smile
1f602 joy tears laughter_tears
1f923 rolling_on_the_floor_laughing rofl
1f642 smile
263a smiling_face
1f60a blush
1f607 innocent halo
1f643 upside_down oops
1f609 wink
1f60d heart_eyes in_love
1f60b yum
1f60e sunglasses
1f60f smirk smug
1f61e disappointed
1f641 frown slight_frown
1f622 cry
1f62d sob
1f620 angry
1f621 rage mad grumpy very_angry
1f631 scream
1f634 sleeping
1f644 rolling_eyes
1f914 thinking
1f4a9 poop pile_of_poo
1f47b ghost boo spooky haunted
1f480 skull
1f47d alien ufo
1f916 robot
1f383 jack-o-lantern pumpkin
1f44f clap applause
1f64c raised_hands praise
1f64f pray welcome thank_you namaste
1f91d handshake done_deal
1f44d +1 thumbs_up
1f44e -1 thumbs_down
1f44c ok got_it
1f44b wave hello hi
1f4aa muscle
1f933 selfie
1f440 eyes looking
1f937-200d-2640 woman_shrugging
1f441-200d-1f5e8 eye_in_speech_bubble
1f408 cat
1f415 dog
1f407 rabbit
1f419 octopus
1f34b lemon
1f951 avocado
1f95d kiwi
1f384 holiday_tree
2604 comet
2708 airplane
2693 anchor
1f947 gold
2699 gear settings mechanical engineer
1f389 tada congratulations
1f388 balloon celebration
1f381 gift present
1f4a1 light_bulb bulb idea
1f527 fixing wrench
1f6e0 working_on_it hammer_and_wrench tools
1f517 link
1f4dd memo note
1f50d search find magnifying_glass
1f512 locked
1f513 unlocked
1f4e6 package
2709 email envelope mail
1f4c5 calendar
1f4bb computer laptop
1f4c8 chart upwards_trend growing increasing
1f4ca bar_chart
2764 heart love love_you
1f49b yellow_heart heart_of_gold
1f49a green_heart envy
1f499 blue_heart
1f49c purple_heart bravery
1f494 broken_heart heartache
1f4af 100 hundred
2705 check all_good approved
274c cross_mark incorrect wrong
26a0 warning caution danger
2757 exclamation
2753 question
1f4a4 zzz
2797 division
0023-20e3 hash
0030-20e3 zero
0031-20e3 one
0032-20e3 two
0033-20e3 three
0034-20e3 four
0035-20e3 five
0036-20e3 six
0037-20e3 seven
0038-20e3 eight
0039-20e3 nine
1f51f ten
27a1 right east
2b05 left west
2b06 up north
2b07 down south
`;

const byName = new Map<string, string>();
const byCode = new Map<string, string>();
for (const line of TABLE.trim().split('\n')) {
  const [code, canonical, ...aliases] = line.split(' ') as [string, string, ...string[]];
  byCode.set(code, canonical);
  for (const name of [canonical, ...aliases]) byName.set(name, code);
}

/** "1f642" for "smile". */
export function codepointForName(name: string): string | undefined {
  return byName.get(name);
}

/** "smile" for "1f642". */
export function nameForCodepoint(code: string): string | undefined {
  return byCode.get(code);
}
