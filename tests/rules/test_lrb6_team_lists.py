"""LRB6's 24 team lists and 57 star players, exactly as the reference gives them.

The expected numbers are typed in from ../shared/reference/lrb6-facts.md §10–§11 (never read
from the data files), so a wrong cost, limit, characteristic or skill in
rules/editions/lrb6/*.yaml fails here.
"""

from __future__ import annotations

import pytest

from rules.edition import Edition

# fmt: off
RACES = [
    ("Amazon", 50000, True),
    ("Chaos", 60000, True),
    ("Chaos Dwarf", 70000, True),
    ("Dark Elf", 50000, True),
    ("Dwarf", 50000, True),
    ("Elf", 50000, True),
    ("Goblin", 60000, True),
    ("Halfling", 60000, True),
    ("High Elf", 50000, True),
    ("Human", 50000, True),
    ("Khemri", 70000, False),
    ("Lizardman", 60000, True),
    ("Orc", 60000, True),
    ("Necromantic", 70000, False),
    ("Norse", 60000, True),
    ("Nurgle", 70000, False),
    ("Ogre", 70000, True),
    ("Undead", 70000, False),
    ("Vampire", 70000, True),
    ("Skaven", 60000, True),
    ("Wood Elf", 50000, True),
    ("Chaos Pact", 70000, True),
    ("Slann", 50000, True),
    ("Underworld", 70000, True),
]

# race, position, limit, cost, (MA, ST, AG, AV), starting skills, normal, double
POSITIONS = [
    ("Amazon", "Linewoman", 16, 50000, (6, 3, 3, 7), "Dodge", "G", "ASP"),
    ("Amazon", "Thrower", 2, 70000, (6, 3, 3, 7), "Dodge, Pass", "GP", "AS"),
    ("Amazon", "Catcher", 2, 70000, (6, 3, 3, 7), "Dodge, Catch", "GA", "SP"),
    ("Amazon", "Blitzer", 4, 90000, (6, 3, 3, 7), "Dodge, Block", "GS", "AP"),
    ("Chaos", "Beastman", 16, 60000, (6, 3, 3, 8), "Horns", "GSM", "AP"),
    ("Chaos", "Chaos Warrior", 4, 100000, (5, 4, 3, 9), "", "GSM", "AP"),
    ("Chaos", "Minotaur", 1, 150000, (5, 5, 2, 8), "Loner, Frenzy, Horns, Mighty Blow, Thick Skull, Wild Animal", "SM", "GAP"),
    ("Chaos Dwarf", "Hobgoblin", 16, 40000, (6, 3, 3, 7), "", "G", "ASP"),
    ("Chaos Dwarf", "Chaos Dwarf Blocker", 6, 70000, (4, 3, 2, 9), "Block, Tackle, Thick Skull", "GS", "APM"),
    ("Chaos Dwarf", "Bull Centaur", 2, 130000, (6, 4, 2, 9), "Sprint, Sure Feet, Thick Skull", "GS", "AP"),
    ("Chaos Dwarf", "Minotaur", 1, 150000, (5, 5, 2, 8), "Loner, Frenzy, Horns, Mighty Blow, Thick Skull, Wild Animal", "S", "GAPM"),
    ("Dark Elf", "Lineman", 16, 70000, (6, 3, 4, 8), "", "GA", "SP"),
    ("Dark Elf", "Runner", 2, 80000, (7, 3, 4, 7), "Dump-Off", "GAP", "S"),
    ("Dark Elf", "Assassin", 2, 90000, (6, 3, 4, 7), "Shadowing, Stab", "GA", "SP"),
    ("Dark Elf", "Blitzer", 4, 100000, (7, 3, 4, 8), "Block", "GA", "SP"),
    ("Dark Elf", "Witch Elf", 2, 110000, (7, 3, 4, 7), "Frenzy, Dodge, Jump Up", "GA", "SP"),
    ("Dwarf", "Blocker", 16, 70000, (4, 3, 2, 9), "Block, Tackle, Thick Skull", "GS", "AP"),
    ("Dwarf", "Runner", 2, 80000, (6, 3, 3, 8), "Sure Hands, Thick Skull", "GP", "AS"),
    ("Dwarf", "Blitzer", 2, 80000, (5, 3, 3, 9), "Block, Thick Skull", "GS", "AP"),
    ("Dwarf", "Troll Slayer", 2, 90000, (5, 3, 2, 8), "Block, Dauntless, Frenzy, Thick Skull", "GS", "AP"),
    ("Dwarf", "Deathroller", 1, 160000, (4, 7, 1, 10), "Loner, Break Tackle, Dirty Player, Juggernaut, Mighty Blow, No Hands, Secret Weapon, Stand Firm", "S", "GAP"),
    ("Elf", "Lineman", 16, 60000, (6, 3, 4, 7), "", "GA", "SP"),
    ("Elf", "Thrower", 2, 70000, (6, 3, 4, 7), "Pass", "GAP", "S"),
    ("Elf", "Catcher", 4, 100000, (8, 3, 4, 7), "Catch, Nerves of Steel", "GA", "SP"),
    ("Elf", "Blitzer", 2, 110000, (7, 3, 4, 8), "Block, Side Step", "GA", "SP"),
    ("Goblin", "Goblin", 16, 40000, (6, 2, 3, 7), "Dodge, Right Stuff, Stunty", "A", "GSP"),
    ("Goblin", "Bombardier", 1, 40000, (6, 2, 3, 7), "Bombardier, Dodge, Secret Weapon, Stunty", "A", "GSP"),
    ("Goblin", "Pogoer", 1, 70000, (7, 2, 3, 7), "Dodge, Leap, Stunty, Very Long Legs", "A", "GSP"),
    ("Goblin", "Looney", 1, 40000, (6, 2, 3, 7), "Chainsaw, Secret Weapon, Stunty", "A", "GSP"),
    ("Goblin", "Fanatic", 1, 70000, (3, 7, 3, 7), "Ball & Chain, No Hands, Secret Weapon, Stunty", "S", "GAP"),
    ("Goblin", "Troll", 2, 110000, (4, 5, 1, 9), "Loner, Always Hungry, Mighty Blow, Really Stupid, Regeneration, Throw Team-Mate", "S", "GAP"),
    ("Halfling", "Halfling", 16, 30000, (5, 2, 3, 6), "Dodge, Right Stuff, Stunty", "A", "GSP"),
    ("Halfling", "Treeman", 2, 120000, (2, 6, 1, 10), "Mighty Blow, Stand Firm, Strong Arm, Take Root, Thick Skull, Throw Team-Mate", "S", "GAP"),
    ("High Elf", "Lineman", 16, 70000, (6, 3, 4, 8), "", "GA", "SP"),
    ("High Elf", "Thrower", 2, 90000, (6, 3, 4, 8), "Pass, Safe Throw", "GAP", "S"),
    ("High Elf", "Catcher", 4, 90000, (8, 3, 4, 7), "Catch", "GA", "SP"),
    ("High Elf", "Blitzer", 2, 100000, (7, 3, 4, 8), "Block", "GA", "SP"),
    ("Human", "Lineman", 16, 50000, (6, 3, 3, 8), "", "G", "ASP"),
    ("Human", "Catcher", 4, 70000, (8, 2, 3, 7), "Catch, Dodge", "GA", "SP"),
    ("Human", "Thrower", 2, 70000, (6, 3, 3, 8), "Sure Hands, Pass", "GP", "AS"),
    ("Human", "Blitzer", 4, 90000, (7, 3, 3, 8), "Block", "GS", "AP"),
    ("Human", "Ogre", 1, 140000, (5, 5, 2, 9), "Loner, Bone-Head, Mighty Blow, Thick Skull, Throw Team-Mate", "S", "GAP"),
    ("Khemri", "Skeleton", 16, 40000, (5, 3, 2, 7), "Regeneration, Thick Skull", "G", "ASP"),
    ("Khemri", "Thro-Ra", 2, 70000, (6, 3, 2, 7), "Pass, Regeneration, Sure Hands", "GP", "AS"),
    ("Khemri", "Blitz-Ra", 2, 90000, (6, 3, 2, 8), "Block, Regeneration", "GS", "AP"),
    ("Khemri", "Tomb Guardian", 4, 100000, (4, 5, 1, 9), "Decay, Regeneration", "S", "GAP"),
    ("Lizardman", "Skink", 16, 60000, (8, 2, 3, 7), "Dodge, Stunty", "A", "GSP"),
    ("Lizardman", "Saurus", 6, 80000, (6, 4, 1, 9), "", "GS", "AP"),
    ("Lizardman", "Kroxigor", 1, 140000, (6, 5, 1, 9), "Loner, Bone-Head, Mighty Blow, Prehensile Tail, Thick Skull", "S", "GAP"),
    ("Orc", "Lineman", 16, 50000, (5, 3, 3, 9), "", "G", "ASP"),
    ("Orc", "Goblin", 4, 40000, (6, 2, 3, 7), "Right Stuff, Dodge, Stunty", "A", "GSP"),
    ("Orc", "Thrower", 2, 70000, (5, 3, 3, 8), "Sure Hands, Pass", "GP", "AS"),
    ("Orc", "Black Orc Blocker", 4, 80000, (4, 4, 2, 9), "", "GS", "AP"),
    ("Orc", "Blitzer", 4, 80000, (6, 3, 3, 9), "Block", "GS", "AP"),
    ("Orc", "Troll", 1, 110000, (4, 5, 1, 9), "Loner, Always Hungry, Mighty Blow, Really Stupid, Regeneration, Throw Team-Mate", "S", "GAP"),
    ("Necromantic", "Zombie", 16, 40000, (4, 3, 2, 8), "Regeneration", "G", "ASP"),
    ("Necromantic", "Ghoul", 2, 70000, (7, 3, 3, 7), "Dodge", "GA", "SP"),
    ("Necromantic", "Wight", 2, 90000, (6, 3, 3, 8), "Block, Regeneration", "GS", "AP"),
    ("Necromantic", "Flesh Golem", 2, 110000, (4, 4, 2, 9), "Regeneration, Stand Firm, Thick Skull", "GS", "AP"),
    ("Necromantic", "Necromantic Werewolf", 2, 120000, (8, 3, 3, 8), "Claw(s), Frenzy, Regeneration", "GA", "SP"),
    ("Norse", "Lineman", 16, 50000, (6, 3, 3, 7), "Block", "G", "ASP"),
    ("Norse", "Thrower", 2, 70000, (6, 3, 3, 7), "Block, Pass", "GP", "AS"),
    ("Norse", "Norse Werewolf", 2, 110000, (6, 4, 2, 8), "Frenzy", "GS", "AP"),
    ("Norse", "Yhetee", 1, 140000, (5, 5, 1, 8), "Loner, Claw(s), Disturbing Presence, Frenzy, Wild Animal", "S", "GAP"),
    ("Norse", "Catcher", 2, 90000, (7, 3, 3, 7), "Block, Dauntless", "GA", "SP"),
    ("Norse", "Blitzer", 2, 90000, (6, 3, 3, 7), "Block, Frenzy, Jump Up", "GS", "AP"),
    ("Nurgle", "Rotter", 16, 40000, (5, 3, 3, 8), "Decay, Nurgle's Rot", "GM", "ASP"),
    ("Nurgle", "Pestigor", 4, 80000, (6, 3, 3, 8), "Horns, Nurgle's Rot, Regeneration", "GSM", "AP"),
    ("Nurgle", "Nurgle Warrior", 4, 110000, (4, 4, 2, 9), "Disturbing Presence, Foul Appearance, Nurgle's Rot, Regeneration", "GSM", "AP"),
    ("Nurgle", "Beast of Nurgle", 1, 140000, (4, 5, 1, 9), "Loner, Disturbing Presence, Foul Appearance, Mighty Blow, Nurgle's Rot, Really Stupid, Regeneration, Tentacles", "S", "GAPM"),
    ("Ogre", "Snotling", 16, 20000, (5, 1, 3, 5), "Dodge, Right Stuff, Side Step, Stunty, Titchy", "A", "GSP"),
    ("Ogre", "Ogre", 6, 140000, (5, 5, 2, 9), "Bone-Head, Mighty Blow, Thick Skull, Throw Team-Mate", "S", "GAP"),
    ("Undead", "Skeleton", 16, 40000, (5, 3, 2, 7), "Regeneration, Thick Skull", "G", "ASP"),
    ("Undead", "Zombie", 16, 40000, (4, 3, 2, 8), "Regeneration", "G", "ASP"),
    ("Undead", "Ghoul", 4, 70000, (7, 3, 3, 7), "Dodge", "GA", "SP"),
    ("Undead", "Wight", 2, 90000, (6, 3, 3, 8), "Block, Regeneration", "GS", "AP"),
    ("Undead", "Mummy", 2, 120000, (3, 5, 1, 9), "Mighty Blow, Regeneration", "S", "GAP"),
    ("Vampire", "Thrall", 16, 40000, (6, 3, 3, 7), "", "G", "ASP"),
    ("Vampire", "Vampire", 6, 110000, (6, 4, 4, 8), "Blood Lust, Hypnotic Gaze, Regeneration", "GAS", "P"),
    ("Skaven", "Lineman", 16, 50000, (7, 3, 3, 7), "", "G", "ASPM"),
    ("Skaven", "Thrower", 2, 70000, (7, 3, 3, 7), "Pass, Sure Hands", "GP", "ASM"),
    ("Skaven", "Gutter Runner", 4, 80000, (9, 2, 4, 7), "Dodge", "GA", "SPM"),
    ("Skaven", "Blitzer", 2, 90000, (7, 3, 3, 8), "Block", "GS", "APM"),
    ("Skaven", "Rat Ogre", 1, 150000, (6, 5, 2, 8), "Loner, Frenzy, Mighty Blow, Prehensile Tail, Wild Animal", "S", "GAPM"),
    ("Wood Elf", "Lineman", 16, 70000, (7, 3, 4, 7), "", "AG", "SP"),
    ("Wood Elf", "Catcher", 4, 90000, (8, 2, 4, 7), "Catch, Dodge, Sprint", "AG", "SP"),
    ("Wood Elf", "Thrower", 2, 90000, (7, 3, 4, 7), "Pass", "AGP", "S"),
    ("Wood Elf", "Wardancer", 2, 120000, (8, 3, 4, 7), "Block, Dodge, Leap", "AG", "SP"),
    ("Wood Elf", "Treeman", 1, 120000, (2, 6, 1, 10), "Loner, Mighty Blow, Stand Firm, Strong Arm, Take Root, Thick Skull, Throw Team-Mate", "S", "GAP"),
    ("Chaos Pact", "Marauder", 12, 50000, (6, 3, 3, 8), "", "GSPM", "A"),
    ("Chaos Pact", "Goblin Renegade", 1, 40000, (6, 2, 3, 7), "Animosity, Dodge, Right Stuff, Stunty", "AM", "GSP"),
    ("Chaos Pact", "Skaven Renegade", 1, 50000, (7, 3, 3, 7), "Animosity", "GM", "ASP"),
    ("Chaos Pact", "Dark Elf Renegade", 1, 70000, (6, 3, 4, 8), "Animosity", "GAM", "SP"),
    ("Chaos Pact", "Chaos Troll", 1, 110000, (4, 5, 1, 9), "Loner, Always Hungry, Mighty Blow, Really Stupid, Regeneration, Throw Team-Mate", "S", "GAMP"),
    ("Chaos Pact", "Chaos Ogre", 1, 140000, (5, 5, 2, 9), "Loner, Bone-Head, Mighty Blow, Thick Skull, Throw Team-Mate", "S", "GAMP"),
    ("Chaos Pact", "Minotaur", 1, 150000, (5, 5, 2, 8), "Loner, Frenzy, Horns, Mighty Blow, Thick Skull, Wild Animal", "S", "GAMP"),
    ("Slann", "Lineman", 16, 60000, (6, 3, 3, 8), "Leap, Very Long Legs", "G", "ASP"),
    ("Slann", "Catcher", 4, 80000, (7, 2, 4, 7), "Diving Catch, Leap, Very Long Legs", "GA", "SP"),
    ("Slann", "Blitzer", 4, 110000, (7, 3, 3, 8), "Diving Tackle, Jump Up, Leap, Very Long Legs", "GAS", "P"),
    ("Slann", "Kroxigor", 1, 140000, (6, 5, 1, 9), "Loner, Bone-Head, Mighty Blow, Prehensile Tail, Thick Skull", "S", "GAP"),
    ("Underworld", "Underworld Goblin", 12, 40000, (6, 2, 3, 7), "Right Stuff, Dodge, Stunty", "AM", "GSP"),
    ("Underworld", "Skaven Lineman", 2, 50000, (7, 3, 3, 7), "Animosity", "GM", "ASP"),
    ("Underworld", "Skaven Thrower", 2, 70000, (7, 3, 3, 7), "Animosity, Pass, Sure Hands", "GPM", "AS"),
    ("Underworld", "Skaven Blitzer", 2, 90000, (7, 3, 3, 8), "Animosity, Block", "GSM", "AP"),
    ("Underworld", "Warpstone Troll", 1, 110000, (4, 5, 1, 9), "Loner, Always Hungry, Mighty Blow, Really Stupid, Regeneration, Throw Team-Mate", "SM", "GAP"),
]

# name, cost, (MA, ST, AG, AV), skills, plays for
STAR_PLAYERS = [
    ('Barik Farblast', 60000, (6, 3, 3, 8), 'Loner, Hail Mary Pass, Pass, Secret Weapon, Strong Arm, Sure Hands, Thick Skull', 'Dwarf'),
    ('Bertha Bigfist', 290000, (6, 5, 2, 9), 'Loner, Bone-Head, Break Tackle, Dodge, Mighty Blow, Thick Skull, Throw Team-Mate', 'Amazon, Halfling, Ogre'),
    ('Bomber Dribblesnot', 60000, (6, 2, 3, 7), 'Loner, Accurate, Bombardier, Dodge, Right Stuff, Secret Weapon, Stunty', 'Chaos Pact, Goblin, Ogre, Orc, Underworld'),
    ('Boomer Eziasson', 60000, (4, 3, 2, 9), 'Loner, Accurate, Block, Bombardier, Secret Weapon, Thick Skull', 'Dwarf, Norse'),
    ("Brick Far'th", 290000, (5, 5, 2, 9), 'Loner, Bone-Head, Mighty Blow, Nerves of Steel, Strong Arm, Thick Skull, Throw Team-Mate', 'Chaos, Nurgle, Ogre'),
    ('Count Luthor Von Drakenborg', 390000, (6, 5, 4, 9), 'Loner, Block, Hypnotic Gaze, Regeneration, Side Step', 'Necromantic, Undead, Vampire'),
    ('Crazy Igor', 120000, (6, 3, 3, 8), 'Loner, Dauntless, Regeneration, Thick Skull', 'Chaos Pact, Vampire'),
    ('Deeproot Strongbranch', 300000, (2, 7, 1, 10), 'Loner, Block, Mighty Blow, Stand Firm, Strong Arm, Thick Skull, Throw Team-Mate', 'Halfling'),
    ('Dolfar Longstride', 150000, (7, 3, 4, 7), 'Loner, Diving Catch, Hail Mary Pass, Kick, Kick-Off Return, Pass Block', 'Elf, High Elf, Wood Elf'),
    ('Eldril Sidewinder', 200000, (8, 3, 4, 7), 'Loner, Catch, Dodge, Hypnotic Gaze, Nerves of Steel, Pass Block', 'Dark Elf, Elf, High Elf, Wood Elf'),
    ('Fezglitch', 100000, (4, 7, 3, 7), 'Loner, Ball & Chain, Disturbing Presence, Foul Appearance, No Hands, Secret Weapon', 'Skaven, Underworld'),
    ('Flint Churnblade', 130000, (5, 3, 2, 8), 'Loner, Block, Chainsaw, Secret Weapon, Thick Skull', 'Dwarf'),
    ('Fungus the Loon', 80000, (4, 7, 3, 7), 'Loner, Ball & Chain, Mighty Blow, No Hands, Secret Weapon, Stunty', 'Goblin'),
    ('Glart Smashrip Jr.', 210000, (7, 4, 3, 8), 'Loner, Block, Claw(s), Juggernaut', 'Skaven, Underworld'),
    ('Grashnak Blackhoof', 310000, (6, 6, 2, 8), 'Loner, Frenzy, Horns, Mighty Blow, Thick Skull', 'Chaos, Chaos Dwarf, Nurgle'),
    ('Griff Oberwald', 320000, (7, 4, 4, 8), 'Loner, Block, Dodge, Fend, Sprint, Sure Feet', 'Human'),
    ('Grim Ironjaw', 220000, (5, 4, 3, 8), 'Loner, Block, Dauntless, Frenzy, Multiple Block, Thick Skull', 'Dwarf'),
    ('Grotty', 0, (6, 2, 4, 7), 'Loner, Dodge, Right Stuff, Stunty', 'Chaos, Nurgle, Ogre'),
    ('Hack Enslash', 120000, (6, 3, 2, 7), 'Loner, Chainsaw, Regeneration, Secret Weapon, Side Step', 'Khemri, Necromantic, Undead'),
    ('Hakflem Skuttlespike', 200000, (9, 3, 4, 7), 'Loner, Dodge, Extra Arms, Prehensile Tail, Two Heads', 'Skaven'),
    ('Headsplitter', 340000, (6, 6, 3, 8), 'Loner, Frenzy, Mighty Blow, Prehensile Tail', 'Skaven'),
    ('Helmut Wulf', 110000, (6, 3, 3, 8), 'Loner, Chainsaw, Secret Weapon, Stand Firm', 'Amazon, Human, Lizardman, Norse, Slann, Vampire'),
    ('Hemlock', 170000, (8, 2, 3, 7), 'Loner, Block, Dodge, Side Step, Jump Up, Stab, Stunty', 'Lizardman, Slann'),
    ('Horkon Heartripper', 210000, (7, 3, 4, 7), 'Loner, Dodge, Leap, Multiple Block, Shadowing, Stab', 'Dark Elf'),
    ('Hthark the Unstoppable', 330000, (6, 5, 2, 9), 'Loner, Block, Break Tackle, Juggernaut, Sprint, Sure Feet, Thick Skull', 'Chaos Dwarf'),
    ('Hubris Rakarth', 260000, (7, 4, 4, 8), 'Loner, Block, Dirty Player, Jump Up, Mighty Blow, Strip Ball', 'Dark Elf, Elf'),
    ('Humerus Carpal', 130000, (7, 2, 3, 7), 'Loner, Catch, Dodge, Regeneration, Nerves of Steel', 'Khemri'),
    ('Icepelt Hammerblow', 330000, (5, 6, 1, 8), 'Loner, Claw(s), Disturbing Presence, Frenzy, Regeneration, Thick Skull', 'Norse'),
    ('Ithaca Benoin', 220000, (7, 3, 3, 7), 'Loner, Accurate, Dump-Off, Nerves of Steel, Pass, Regeneration, Sure Hands', 'Dark Elf, Khemri'),
    ('J Earlice', 180000, (8, 3, 3, 7), 'Loner, Catch, Diving Catch, Dodge, Sprint', 'Necromantic, Undead, Vampire'),
    ('Jordell Freshbreeze', 260000, (8, 3, 5, 7), 'Loner, Block, Diving Catch, Dodge, Leap, Side Step', 'Elf, Wood Elf'),
    ('Lewdgrip Whiparm', 150000, (6, 3, 3, 9), 'Loner, Pass, Strong Arm, Sure Hands, Tentacles', 'Chaos, Chaos Pact, Nurgle'),
    ('Lord Borak the Despoiler', 300000, (5, 5, 3, 9), 'Loner, Block, Dirty Player, Mighty Blow', 'Chaos, Nurgle'),
    ('Lottabottol', 220000, (8, 3, 3, 8), 'Loner, Catch, Diving Tackle, Jump Up, Leap, Pass Block, Shadowing, Very Long Legs', 'Lizardman, Slann'),
    ('Max Spleenripper', 130000, (5, 4, 3, 8), 'Loner, Chainsaw, Secret Weapon', 'Chaos, Nurgle'),
    ('Mighty Zug', 260000, (4, 5, 2, 9), 'Loner, Block, Mighty Blow', 'Human'),
    ("Morg 'n' Thorg", 430000, (6, 6, 3, 10), 'Loner, Block, Mighty Blow, Thick Skull, Throw Team-Mate', 'any team except Khemri, Necromantic, Undead'),
    ('Nobbla Blackwart', 130000, (6, 2, 3, 7), 'Loner, Block, Dodge, Chainsaw, Secret Weapon, Stunty', 'Chaos Dwarf, Goblin, Ogre, Underworld'),
    ('Prince Moranion', 230000, (7, 4, 4, 8), 'Loner, Block, Dauntless, Tackle, Wrestle', 'Elf, High Elf'),
    ('Puggy Baconbreath', 140000, (5, 3, 3, 6), 'Loner, Block, Dodge, Nerves of Steel, Right Stuff, Stunty', 'Halfling, Human'),
    ('Quetzal Leap', 250000, (8, 2, 4, 7), 'Loner, Catch, Diving Catch, Fend, Kick-Off Return, Leap, Nerves of Steel, Very Long Legs', 'Lizardman, Slann'),
    ('Ramtut III', 380000, (5, 6, 1, 9), 'Loner, Break Tackle, Mighty Blow, Regeneration, Wrestle', 'Khemri, Necromantic, Undead'),
    ('Rashnak Backstabber', 200000, (7, 3, 3, 7), 'Loner, Dodge, Side Step, Sneaky Git, Stab', 'Chaos Dwarf'),
    ('Ripper', 270000, (4, 6, 1, 9), 'Loner, Grab, Mighty Blow, Regeneration, Throw Team-Mate', 'Goblin, Orc'),
    ('Roxanna Darknail', 250000, (8, 3, 5, 7), 'Loner, Dodge, Frenzy, Jump Up, Juggernaut, Leap', 'Amazon, Dark Elf'),
    ('Scrappa Sorehead', 150000, (7, 2, 3, 7), 'Loner, Dirty Player, Dodge, Leap, Right Stuff, Sprint, Stunty, Sure Feet, Very Long Legs', 'Goblin, Ogre, Orc'),
    ('Setekh', 220000, (6, 4, 2, 8), 'Loner, Block, Break Tackle, Juggernaut, Regeneration, Strip Ball', 'Khemri, Necromantic, Undead'),
    ('Sinnedbad', 80000, (6, 3, 2, 7), 'Loner, Block, Jump Up, Pass Block, Regeneration, Secret Weapon, Side Step, Stab', 'Khemri, Undead'),
    ('Skitter Stab-Stab', 160000, (9, 2, 4, 7), 'Loner, Dodge, Prehensile Tail, Shadowing, Stab', 'Skaven, Underworld'),
    ('Slibli', 250000, (7, 4, 1, 9), 'Loner, Block, Grab, Guard, Stand Firm', 'Lizardman, Slann'),
    ('Soaren Hightower', 180000, (6, 3, 4, 8), 'Loner, Fend, Kick-Off Return, Pass, Safe Throw, Sure Hands, Strong Arm', 'High Elf'),
    ('Ugroth Bolgrot', 100000, (5, 3, 3, 9), 'Loner, Chainsaw, Secret Weapon', 'Chaos Pact, Orc'),
    ('Varag Ghoul-Chewer', 290000, (6, 4, 3, 9), 'Loner, Block, Jump Up, Mighty Blow, Thick Skull', 'Orc'),
    ('Wilhelm Chaney', 240000, (8, 4, 3, 8), 'Loner, Catch, Claw(s), Frenzy, Regeneration, Wrestle', 'Necromantic, Norse, Vampire'),
    ('Willow Rosebark', 150000, (5, 4, 3, 8), 'Loner, Dauntless, Side Step, Thick Skull', 'Amazon, Halfling, Wood Elf'),
    ('Zara the Slayer', 270000, (6, 4, 3, 8), 'Loner, Block, Dauntless, Dodge, Jump Up, Stab, Stakes', 'Amazon, Dwarf, Halfling, High Elf, Human, Norse, Wood Elf'),
    ('Zzharg Madeye', 90000, (4, 4, 3, 9), 'Loner, Hail Mary Pass, Pass, Secret Weapon, Strong Arm, Sure Hands, Tackle, Thick Skull', 'Chaos Dwarf, Chaos Pact'),
]
# fmt: on

NO_APOTHECARY = {"khemri", "necromantic", "nurgle", "undead"}


def slug(name: str) -> str:
    return name.lower().replace(" ", "-")


def split(skills: str) -> tuple[str, ...]:
    return tuple(skill.strip() for skill in skills.split(",")) if skills else ()


def test_there_are_24_races_with_105_positions(lrb6_edition: Edition) -> None:
    assert [race.name for race in lrb6_edition.races] == [name for name, _, _ in RACES]
    assert sum(len(race.positions) for race in lrb6_edition.races) == len(POSITIONS) == 105


@pytest.mark.parametrize(("name", "reroll_cost", "apothecary"), RACES)
def test_each_race_has_its_reroll_cost_and_apothecary_rule(
    lrb6_edition: Edition, name: str, reroll_cost: int, apothecary: bool
) -> None:
    race = next(race for race in lrb6_edition.races if race.name == name)
    assert race.slug == slug(name)
    assert race.reroll_cost == reroll_cost
    assert race.apothecary_allowed is apothecary
    assert race.apothecary_allowed is (race.slug not in NO_APOTHECARY)


def test_necromantic_and_undead_teams_have_a_necromancer(lrb6_edition: Edition) -> None:
    assert {race.slug for race in lrb6_edition.races if race.necromancer} == {
        "necromantic",
        "undead",
    }


def test_only_nurgle_raises_rotters(lrb6_edition: Edition) -> None:
    assert {race.slug for race in lrb6_edition.races if race.raises_rotters} == {"nurgle"}


@pytest.mark.parametrize(
    ("race", "name", "limit", "cost", "profile", "skills", "normal", "double"),
    POSITIONS,
    ids=[f"{race}-{name}" for race, name, *_ in POSITIONS],
)
def test_each_position_matches_the_team_list(
    lrb6_edition: Edition,
    race: str,
    name: str,
    limit: int,
    cost: int,
    profile: tuple[int, int, int, int],
    skills: str,
    normal: str,
    double: str,
) -> None:
    position = next(r for r in lrb6_edition.races if r.name == race).position(name)
    assert position.max_quantity == limit
    assert position.cost == cost
    assert tuple(position.characteristics.values()) == profile
    assert tuple(position.characteristics) == ("MA", "ST", "AG", "AV")
    assert position.skills == split(skills)
    assert position.normal_access == normal
    assert position.double_access == double


def test_there_are_57_star_player_entries(lrb6_edition: Edition) -> None:
    assert len(lrb6_edition.star_players) == len(STAR_PLAYERS) == 57


@pytest.mark.parametrize(
    ("name", "cost", "profile", "skills", "plays_for"),
    STAR_PLAYERS,
    ids=[name for name, *_ in STAR_PLAYERS],
)
def test_each_star_player_matches_the_reference(
    lrb6_edition: Edition,
    name: str,
    cost: int,
    profile: tuple[int, int, int, int],
    skills: str,
    plays_for: str,
) -> None:
    star = next(star for star in lrb6_edition.star_players if star.name == name)
    names = {race.slug: race.name for race in lrb6_edition.races}
    assert star.cost == cost
    assert tuple(star.characteristics.values()) == profile
    assert star.skills == split(skills)
    assert star.skills[0] == "Loner"
    hired_by = ", ".join(names[race] for race in star.races)
    if star.eligibility == "except":
        hired_by = f"any team except {hired_by}"
    assert hired_by == plays_for


def test_brick_farth_and_grotty_are_hired_as_a_pair(lrb6_edition: Edition) -> None:
    stars = {star.name: star for star in lrb6_edition.star_players}
    assert stars["Brick Far'th"].paired_with == "Grotty"
    assert stars["Grotty"].paired_with == "Brick Far'th"
    assert stars["Grotty"].cost == 0
    assert [s.name for s in lrb6_edition.star_players if s.paired_with] == [
        "Brick Far'th",
        "Grotty",
    ]
