#include <iostream>
int main() { std::cout << "membersync\n"; return 0; }
