from referee.cli.app import main

main()
