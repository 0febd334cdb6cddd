from referee.cli.entry import main

main()
