from parlour.cli import main

main()
